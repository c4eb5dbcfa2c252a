"""Every Python example in python/README.md runs (from the repository root, where its
paths point)."""

import os
import re

from conftest import ROOT


def test_the_readmes_python_examples_run():
    text = (ROOT / "python" / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    here, names = os.getcwd(), {}
    os.chdir(ROOT)
    try:
        # One namespace: later examples use the games of earlier ones.
        for block in blocks:
            exec(compile(block, "python/README.md", "exec"), names)
    finally:
        os.chdir(here)
