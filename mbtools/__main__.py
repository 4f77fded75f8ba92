"""Command line: ``python -m mbtools count <example>`` prints the coordinate counts.

Examples: four_bar, slider_crank, rssr, rscr, ssc, spatial_slider_crank (the functions of mbtools.examples).
"""

from __future__ import annotations

import argparse
import sys

from . import examples
from .counts import counts_table

EXAMPLES = {
    "four_bar": examples.four_bar,
    "slider_crank": examples.slider_crank,
    "rssr": examples.rssr,
    "rscr": examples.rscr,
    "ssc": examples.ssc,
    "cardan_joint": examples.cardan_joint,
    "spatial_slider_crank": examples.spatial_slider_crank,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mbtools", description="mbtools command line")
    sub = parser.add_subparsers(dest="command", required=True)
    count = sub.add_parser("count", help="coordinates, constraints and mobility of an example in every family")
    count.add_argument("example", help=f"one of {sorted(EXAMPLES)}")
    args = parser.parse_args(argv)
    if args.example not in EXAMPLES:
        print(f"Unknown example '{args.example}': choose one of {sorted(EXAMPLES)}.", file=sys.stderr)
        return 2
    print(counts_table(EXAMPLES[args.example]()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
