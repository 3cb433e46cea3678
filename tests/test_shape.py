"""The shape of the code, checked on every change: imports among the package's modules run one
way (no circle, counting imports made for types alone under `TYPE_CHECKING`: a module that
needs another's types depends on it as much as one that calls it), no module is over 600 lines
and no class over 400, and the README's "shape of the code" names every module."""

from __future__ import annotations

import ast
from pathlib import Path

import retro

PACKAGE = Path(retro.__file__).parent
ROOT = PACKAGE.parent
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 400


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(tree: ast.AST, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules that `name` imports, when it runs (in functions too) or for types."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            found.add(base)
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    graph = {}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = _imports(tree, name, path.name == "__init__.py", known)
    return graph


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle, as the modules along it, or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                circle = visit(target)
                if circle:
                    return circle
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            circle = visit(node)
            if circle:
                return circle
    return []


def test_the_circle_finder_finds_a_circle() -> None:
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_imports_run_one_way() -> None:
    graph = import_graph()
    assert graph.get("retro.ui.app")
    assert find_circle(graph) == []


def test_packages_import_one_way() -> None:
    """A package (or a module of `retro` itself) is one place in the layers: none imports a
    package that imports it back, whatever modules the imports go through."""
    by_package: dict[str, set[str]] = {}
    for name, targets in import_graph().items():
        package = ".".join(name.split(".")[:2])
        by_package.setdefault(package, set()).update(
            ".".join(target.split(".")[:2]) for target in targets
        )
    for package, targets in by_package.items():
        targets.discard(package)
    assert by_package["retro.store"] >= {"retro.definition"}
    assert find_circle(by_package) == []


def test_no_module_over_600_lines() -> None:
    long = {
        name: n
        for name, path in modules().items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_no_class_over_400_lines() -> None:
    long = {}
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                size = (node.end_lineno or node.lineno) - first + 1
                if size > MAX_CLASS_LINES:
                    long[f"{name}.{node.name}"] = size
    assert long == {}


def test_the_readme_names_every_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The shape of the code", 1)[1].split("\n## ", 1)[0]
    missing = []
    for path in modules().values():
        if path.name == "__init__.py":
            continue
        shown = str(path.relative_to(ROOT))
        if shown not in section and f"{path.stem}.py" not in section:
            missing.append(shown)
    assert missing == []
