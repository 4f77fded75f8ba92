"""The shape of the library: imports run one way along the data flow, modules stay
short, and no module reaches into another's private members.

Layers, in the order data flows (a module may import its own layer and earlier ones):

    errors → description → examples → model → coordinates → kinematics → dynamics → analysis → viz → exercises

and the package's front door (``mbtools/__init__.py``, ``__main__.py``) may import any.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "mbtools"
LAYERS = ["errors", "description", "examples", "model", "coordinates", "kinematics", "dynamics", "analysis", "viz",
          "exercises"]
FRONT = {"__init__", "__main__"}
MAX_LINES = 500


def modules() -> dict[str, Path]:
    """Dotted module name (relative to mbtools) → path."""
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts)] = path
    return out


def layer_of(module: str) -> str | None:
    first = module.split(".")[0]
    return None if first in FRONT else first


def imported_modules(module: str, path: Path) -> set[str]:
    """The mbtools modules (or packages) a module imports, relative or absolute, as
    dotted names relative to mbtools."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".")[:-1]  # a/b.py and a/__init__.py both live in package a
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
            elif node.module and (node.module == "mbtools" or node.module.startswith("mbtools.")):
                base = []
                node_module = node.module[len("mbtools"):].lstrip(".")
                target = node_module.split(".") if node_module else []
                base = target
                if target:
                    found.add(".".join(target))
                    continue
            else:
                continue
            if node.level and node.module:
                found.add(".".join(base + [node.module]))
            else:  # from . import x, y
                found |= {".".join(base + [alias.name]) for alias in node.names}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("mbtools."):
                    found.add(alias.name[len("mbtools."):])
    return found


def test_every_module_belongs_to_a_layer():
    for module in modules():
        layer = layer_of(module)
        assert layer is None or layer in LAYERS, f"mbtools/{module}.py is in no layer of {LAYERS}"


def test_imports_run_one_way_along_the_data_flow():
    upward = []
    for module, path in modules().items():
        layer = layer_of(module)
        if layer is None:
            continue
        for target in imported_modules(module, path):
            target_layer = target.split(".")[0]
            if target_layer in LAYERS and LAYERS.index(target_layer) > LAYERS.index(layer):
                upward.append(f"mbtools/{module}.py ({layer}) imports {target} ({target_layer})")
    assert not upward, "imports against the data flow:\n" + "\n".join(upward)


def test_the_import_checker_sees_an_upward_import(tmp_path):
    """The checker itself: a module of the model layer importing kinematics is caught."""
    path = tmp_path / "bad.py"
    path.write_text("from ..kinematics import solve_position\nfrom . import rank\n")
    found = imported_modules("model.bad", path)
    assert "kinematics" in found and "model.rank" in found


def test_no_import_cycles_between_modules():
    names = modules()
    graph = {m: {t for t in imported_modules(m, p) if t in names or f"{t}.__init__" in names}
             for m, p in names.items() if layer_of(m) is not None}
    graph = {m: {t if t in names else f"{t}.__init__" for t in targets} for m, targets in graph.items()}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node, trail):
        state[node] = 1
        for nxt in graph.get(node, ()):
            if nxt.endswith("__init__") or nxt == node:
                continue  # a package's front door re-exports its own modules
            if state.get(nxt) == 1:
                cycle.extend(trail + [nxt])
                return True
            if state.get(nxt) is None and visit(nxt, trail + [nxt]):
                return True
        state[node] = 2
        return False

    for node in graph:
        if state.get(node) is None and visit(node, [node]):
            break
    assert not cycle, "import cycle: " + " → ".join(cycle)


@pytest.mark.parametrize("module", sorted(modules()))
def test_modules_are_short(module):
    lines = modules()[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"mbtools/{module}.py has {lines} lines; split it (limit {MAX_LINES})"


def test_no_module_reads_another_objects_private_members():
    """``obj._name`` is allowed on self and cls only; ``from x import _name`` never."""
    found = []
    for module, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"mbtools/{module}.py:{node.lineno} .{node.attr}")
            if isinstance(node, ast.ImportFrom):
                found += [f"mbtools/{module}.py:{node.lineno} imports {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert not found, "private members used across objects:\n" + "\n".join(found)


def test_the_public_api_is_importable_from_the_package():
    import mbtools

    for name in mbtools.__all__:
        assert hasattr(mbtools, name), name


def test_docstrings_cite_equations_the_book_labels():
    """A docstring that says "book, equation eq-name" points at a labelled equation of a
    chapter (MyST: ``$$ … $$ (eq-name)``)."""
    import re

    book = Path(__file__).resolve().parents[1] / "book"
    labels = set()
    for page in book.rglob("*.md"):
        labels |= set(re.findall(r"\$\$\s*\((eq-[a-z0-9-]+)\)", page.read_text(encoding="utf-8")))
    cited = {}
    for module, path in modules().items():
        for label in re.findall(r"\b(eq-[a-z0-9-]+)", path.read_text(encoding="utf-8")):
            cited.setdefault(label, module)
    missing = {label: module for label, module in cited.items() if label not in labels}
    assert not missing, f"cited but not labelled in the book: {missing}"
    assert len(cited) >= 10
