"""Copy the book's JavaScript from node_modules into book/_vendor/ (served by the book).

The built pages load MathJax 3, require.js, the Jupyter widgets HTML manager and the
3-D player (its own code in book/scripts/mbplayer/, and three.js) from the book's own
``_static`` folder, so they render with no network. ``npm ci`` (run by ``make book``)
installs the pinned versions of package-lock.json; this script copies only the files
the pages use.

With ``--cdn OUT`` it instead writes a copy of ``_config.yml`` that loads the same
pinned versions from public CDNs (for a published site) to OUT, and beside it the small
script that points the player at three.js on the CDN (``_cdn_static/mbplayer-cdn.js``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

BOOK = Path(__file__).resolve().parents[1]
ROOT = BOOK.parent
MODULES = ROOT / "node_modules"
VENDOR = BOOK / "_vendor"

MATHJAX_PARTS = [
    "tex-mml-chtml.js",
    "input/tex/extensions",
    "output/chtml/fonts/woff-v2",
    "ui",
    "a11y",
]
WIDGET_SUFFIXES = {".js", ".woff2", ".woff", ".ttf", ".eot", ".svg"}
# The 3-D player (mbtools.viz.player writes its data): three.js's ES module build (the
# module imports the core beside it) and the orbit controls, copied unchanged, and the
# player itself. Served as _static/three/… and _static/mbplayer/player.js.
THREE_FILES = {
    "build/three.module.js": "three.module.js",
    "build/three.core.js": "three.core.js",
    "examples/jsm/controls/OrbitControls.js": "OrbitControls.js",
}
PLAYER = BOOK / "scripts" / "mbplayer" / "player.js"


def version(package: str) -> str:
    """The version package-lock.json pins (what `npm ci` installs)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"][f"node_modules/{package}"]["version"]


def vendor() -> None:
    if not MODULES.is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` at the project root first.")
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    mathjax = MODULES / "mathjax" / "es5"
    for part in MATHJAX_PARTS:
        source = mathjax / part
        target = VENDOR / "mathjax" / part
        if source.is_dir():
            shutil.copytree(source, target)
        elif source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    widgets = VENDOR / "widgets"
    widgets.mkdir(parents=True)
    for path in (MODULES / "@jupyter-widgets" / "html-manager" / "dist").iterdir():
        if path.suffix in WIDGET_SUFFIXES and not path.name.startswith("libembed") and path.name != "embed.js":
            shutil.copy2(path, widgets / path.name)
    shutil.copy2(MODULES / "requirejs" / "require.js", widgets / "require.js")
    shutil.copy2(BOOK / "scripts" / "widgets-assets-path.js", widgets / "assets-path.js")
    (VENDOR / "three").mkdir()
    for source, name in THREE_FILES.items():
        shutil.copy2(MODULES / "three" / source, VENDOR / "three" / name)
    (VENDOR / "mbplayer").mkdir()
    shutil.copy2(PLAYER, VENDOR / "mbplayer" / "player.js")
    stamp = {p: version(p) for p in ("mathjax", "@jupyter-widgets/html-manager", "requirejs", "three")}
    (VENDOR / "VERSIONS.json").write_text(json.dumps(stamp, indent=2) + "\n")
    size = sum(f.stat().st_size for f in VENDOR.rglob("*") if f.is_file()) / 1e6
    print(f"book/_vendor: {stamp} ({size:.1f} MB)")


def cdn_config(out: Path) -> None:
    import yaml

    config = yaml.safe_load((BOOK / "_config.yml").read_text())
    sphinx = config.setdefault("sphinx", {}).setdefault("config", {})
    # keep html_static_path: the small assets-path.js still comes from the book
    mj, hm, rq = version("mathjax"), version("@jupyter-widgets/html-manager"), version("requirejs")
    sphinx["mathjax_path"] = f"https://cdn.jsdelivr.net/npm/mathjax@{mj}/es5/tex-mml-chtml.js"
    sphinx["nb_ipywidgets_js"] = {
        f"https://cdn.jsdelivr.net/npm/requirejs@{rq}/require.js": {},
        "widgets/assets-path.js": {},
        f"https://cdn.jsdelivr.net/npm/@jupyter-widgets/html-manager@{hm}/dist/embed-amd.js": {
            "data-jupyter-widgets-cdn": "https://cdn.jsdelivr.net/npm/",
        },
    }
    # The player (served from the book, like assets-path.js) takes three.js from where
    # window.mbplayerThree says: a script of one line, in a static folder of its own
    # beside OUT, loaded by every page before the player.
    three = f"https://cdn.jsdelivr.net/npm/three@{version('three')}/"
    static = out.parent / "_cdn_static"
    static.mkdir(parents=True, exist_ok=True)
    where = {"three": three + "build/three.module.js", "controls": three + "examples/jsm/controls/OrbitControls.js"}
    (static / "mbplayer-cdn.js").write_text(
        "// The 3-D player's three.js from a CDN, at the version package-lock.json pins.\n"
        f"window.mbplayerThree = {json.dumps(where)};\n"
    )
    sphinx["html_static_path"] = [*sphinx.get("html_static_path", []), os.path.relpath(static, BOOK)]
    sphinx["html_js_files"] = [*sphinx.get("html_js_files", []), "mbplayer-cdn.js"]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True))
    print(f"wrote {out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cdn", type=Path, help="write a CDN variant of _config.yml to this path")
    args = parser.parse_args()
    cdn_config(args.cdn) if args.cdn else vendor()
