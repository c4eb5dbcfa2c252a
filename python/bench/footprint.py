"""The memory a vector's games take, as `python/src/memory.rs` estimates it: the
resident set's growth when `N` environments of RULES on SIDE x SIDE boards are made (the
observation arrays, which the Python side allocates, are not counted).

    python bench/footprint.py RULES SIDE N      # e.g. lines 32 4096
"""

import sys
from match3 import _core
def rss():
    return int(open("/proc/self/statm").read().split()[1]) * 4096
rules, rows, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
before = rss()
env = _core.VecEnv(n, rules, rows, rows, 6, 0, 100, "next_step", None, "int8", "noop", 1.0, 1.0)
after = rss()
print(rules, rows, round((after - before) / n), "bytes an env")
