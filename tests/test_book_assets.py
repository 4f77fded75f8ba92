"""The book's JavaScript is pinned by package-lock.json and served from the book."""

import json
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def locked_version(package: str) -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return lock["packages"][f"node_modules/{package}"]["version"]


def test_local_config_points_at_files_the_vendor_script_copies():
    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())["sphinx"]["config"]
    assert config["html_static_path"] == ["_vendor", "_style"]  # the vendored scripts, the book's own style
    assert (ROOT / "book" / "_style" / "mbtools.css").is_file() and config["html_css_files"] == ["mbtools.css"]
    # a book/_static folder would make Jupyter Book 1 load every script of every static
    # path on every page (MathJax twice, with its modules: JavaScript errors)
    assert not (ROOT / "book" / "_static").exists()
    assert config["mathjax_path"] == "mathjax/tex-mml-chtml.js"
    assert list(config["nb_ipywidgets_js"]) == ["widgets/require.js", "widgets/assets-path.js", "widgets/embed-amd.js"]
    assert not any(str(v).startswith("http") for v in [config["mathjax_path"], *config["nb_ipywidgets_js"]])


def test_cdn_variant_loads_the_same_pinned_versions(tmp_path):
    out = tmp_path / "_config_cdn.yml"
    subprocess.run([sys.executable, str(ROOT / "book" / "scripts" / "assets.py"), "--cdn", str(out)], check=True)
    config = yaml.safe_load(out.read_text())["sphinx"]["config"]
    assert f"mathjax@{locked_version('mathjax')}/" in config["mathjax_path"]
    scripts = list(config["nb_ipywidgets_js"])
    assert any(f"html-manager@{locked_version('@jupyter-widgets/html-manager')}/" in s for s in scripts)
    assert any(f"requirejs@{locked_version('requirejs')}/" in s for s in scripts)
