"""Command line: ``python -m mbtools count <example>`` prints the coordinate counts of
an example of :data:`mbtools.examples.EXAMPLES` in every family."""

from __future__ import annotations

import argparse
import sys

from .analysis import counts_table
from .examples import EXAMPLES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mbtools", description="mbtools command line")
    sub = parser.add_subparsers(dest="command", required=True)
    count = sub.add_parser("count", help="coordinates, constraints and mobility of an example in every family")
    count.add_argument("example", help=f"one of {sorted(EXAMPLES)}")
    args = parser.parse_args(argv)
    if args.example not in EXAMPLES:
        print(f"Unknown example '{args.example}': choose one of {sorted(EXAMPLES)}.", file=sys.stderr)
        return 2
    print(counts_table(EXAMPLES[args.example].build()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
