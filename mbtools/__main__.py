"""Command line.

* ``python -m mbtools count <example>``: the coordinate counts of an example of
  :data:`mbtools.examples.EXAMPLES` in every family;
* ``python -m mbtools validate [--quick]``: every validation case against its reference
  (:mod:`mbtools.analysis.validation`), as a table; exits 1 if any fails.
"""

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
    validate = sub.add_parser("validate", help="every validation case against its reference, as a table")
    validate.add_argument("--quick", action="store_true", help="fewer families (for CI)")
    args = parser.parse_args(argv)
    if args.command == "validate":
        from .analysis import validation

        results = validation.run(quick=args.quick)
        print(validation.table(results))
        return 0 if all(c.passed for c in results) else 1
    if args.example not in EXAMPLES:
        print(f"Unknown example '{args.example}': choose one of {sorted(EXAMPLES)}.", file=sys.stderr)
        return 2
    print(counts_table(EXAMPLES[args.example].build()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
