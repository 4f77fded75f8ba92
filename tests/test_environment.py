"""environment.yml (conda, Binder) and pyproject.toml (pip) ask for the same packages."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
NOT_PYTHON_PACKAGES = {"python", "pip", "nodejs"}


def split(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", requirement)
    name = match.group(1).lower().replace("_", "-")
    return name, match.group(2).replace(" ", "")


def test_environment_yml_lists_what_pyproject_lists():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        pip_requirements += extra
    pip = dict(split(r) for r in pip_requirements)
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = dict(split(d) for d in env["dependencies"] if isinstance(d, str))
    conda = {k: v for k, v in conda.items() if k not in NOT_PYTHON_PACKAGES}
    assert set(conda) == set(pip), f"only in environment.yml: {set(conda) - set(pip)}; only in pyproject.toml: {set(pip) - set(conda)}"
    for name, spec in pip.items():
        assert conda[name] == spec, f"{name}: pyproject.toml asks {spec!r}, environment.yml {conda[name]!r}"
    assert any(isinstance(d, dict) and "--editable ." in d.get("pip", []) for d in env["dependencies"])
    assert "conda-forge" in env["channels"]
