"""The bot ladder on the sample levels, as a plain-text table (no pandas): each level's
pass rate under each bot, weakest bot first, from ``match3.simulate`` (the numbers
``match3 simulate --level FILE --bot B --json`` prints).

    python examples/bot_ladder.py [GAMES] [LEVELS_DIR] [BOTS]

GAMES per level and bot (default 40), the folder of level files (default: the
repository's ``levels/``), and a comma-separated list of bots (default
random,greedy,lookahead,mcts).
"""

import os
import sys
import time

import match3

HERE = os.path.dirname(os.path.abspath(__file__))


def ladder(levels, bots, games):
    """Rows of (level name, {bot: (pass rate, half-width of its 95% interval, or None
    for a level with one deal)})."""
    rows = []
    for path in levels:
        cells = {}
        for bot in bots:
            r = match3.simulate(level=path, bot=bot, games=games, seed=1)
            # A level without random cells is one deal: every game is the same, no interval.
            low, high = r["pass_rate_low"], r["pass_rate_high"]
            cells[bot] = (r["pass_rate"], None if low is None else (high - low) / 2)
        rows.append((r["level"], cells))
    return rows


def table(rows, bots):
    """The rows as aligned text: a column per bot, pass rate ± half-interval ("one":
    a single deal, always the same game)."""
    width = max(len(name) for name, _ in rows)
    lines = [f"{'level':<{width}}  " + "  ".join(f"{b:>13}" for b in bots)]
    for name, cells in rows:
        shown = (f"{rate:>6.0%} " + ("  one" if half is None else f"±{half:>4.0%}")
                 for rate, half in (cells[b] for b in bots))
        lines.append(f"{name:<{width}}  " + "  ".join(f"{s:>13}" for s in shown))
    return "\n".join(lines)


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    folder = argv[2] if len(argv) > 2 else os.path.join(HERE, "..", "..", "levels")
    bots = argv[3].split(",") if len(argv) > 3 else ["random", "greedy", "lookahead", "mcts"]
    levels = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".toml"))
    start = time.perf_counter()
    text = table(ladder(levels, bots, games), bots)
    print(text)
    print(f"{games} games per level and bot, {time.perf_counter() - start:.1f} s")
    return text


if __name__ == "__main__":
    main(sys.argv)
