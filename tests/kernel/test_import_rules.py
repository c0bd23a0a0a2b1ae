"""The package's import rules (issue 33; ``KERNEL.md`` §0 and §2), read from the source with :mod:`ast`.

Every import counts: at the top level, inside a function, under ``TYPE_CHECKING``, and a module named by a string
(``importlib.import_module("armata_rules.x")``). The rules:

1. nothing under ``armata_rules/kernel/`` imports an ``armata_rules`` module outside the kernel (for this rule any
   string that is exactly such a module's name counts too: ``resources.files("armata_rules.board")`` imports it);
2. ``armata_rules/wladcy_nocy/`` imports only the kernel and itself;
3. Armata's modules never import ``armata_rules.wladcy_nocy``;

and no two modules import each other, directly or through others, nor do two sibling sub-packages
(``verify`` and ``sim``, say). Importing the kernel in a fresh interpreter loads no Armata module. The checks are
functions of a source folder, so the last tests run them on a small package with each fault planted in it.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "armata_rules"
KERNEL = f"{PACKAGE}.kernel"
SECOND_GAME = f"{PACKAGE}.wladcy_nocy"

#: A string that is a dotted module name of the package (rule 1 reads every such string as an import).
_MODULE_NAME = re.compile(rf"{PACKAGE}(\.[A-Za-z_]\w*)*")
#: Calls whose first argument names a module to import.
_IMPORT_CALLS = frozenset({"import_module", "__import__"})


@dataclass(frozen=True, order=True)
class Import:
    """One import in the source: ``importer`` imports ``target`` (a dotted name) at ``line``, ``how``."""

    importer: str
    target: str
    line: int
    how: str  # "top level", "in a function", "under TYPE_CHECKING", "by string", "by name"

    def __str__(self) -> str:
        return f"{self.importer} -> {self.target} (line {self.line}, {self.how})"


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root``, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of the module, its classes and its functions."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _walk(node: ast.AST, how: str) -> Iterator[tuple[ast.AST, str]]:
    """Every node under ``node`` with where it sits; in a function wins over under ``TYPE_CHECKING``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test) and how == "top level":
            for statement in child.body:
                yield statement, "under TYPE_CHECKING"
                yield from _walk(statement, "under TYPE_CHECKING")
            for statement in child.orelse:
                yield statement, how
                yield from _walk(statement, how)
            continue
        inner = "in a function" if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) else how
        yield child, inner
        yield from _walk(child, inner)


def imports(name: str, path: Path, known: set[str]) -> list[Import]:
    """The imports of module ``name`` (file ``path``) of the package; ``known`` holds every module's name.

    ``from a import b`` imports ``a.b`` where that is a module, else ``a``. A string counts twice over: as passed
    to ``import_module``/``__import__`` ("by string", an edge of the import graph) and, anywhere but a docstring,
    when it is exactly a module name of the package ("by name", for rule 1 only).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    docstrings = _docstrings(tree)
    found = []
    for node, how in _walk(tree, "top level"):
        if isinstance(node, ast.Import):
            found += [Import(name, alias.name, node.lineno, how) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                found.append(Import(name, target, node.lineno, how))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            text = node.args[0].value
            if called in _IMPORT_CALLS and isinstance(text, str):
                found.append(Import(name, text, node.lineno, "by string"))
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and _MODULE_NAME.fullmatch(node.value)
        ):
            found.append(Import(name, node.value, node.lineno, "by name"))
    return sorted(set(found))


def all_imports(root: Path) -> list[Import]:
    """The imports of every module of the package under ``root`` that name a module of the package."""
    mods = modules(root)
    known = set(mods)
    return [
        found
        for name, path in mods.items()
        for found in imports(name, path, known)
        if found.target == PACKAGE or found.target.startswith(f"{PACKAGE}.")
    ]


def _module_of(target: str, known: set[str]) -> str | None:
    """The module of the package that importing ``target`` names (``a.b.c`` of a module ``a.b`` names ``a.b``)."""
    while target and target not in known:
        target = target.rpartition(".")[0]
    return target or None


def import_graph(root: Path) -> nx.DiGraph[str]:
    """Module -> module, an edge for each import of the package under ``root`` (strings only if passed to an
    import call); each edge keeps the imports it stands for."""
    known = set(modules(root))
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(known)
    for found in all_imports(root):
        target = _module_of(found.target, known)
        if found.how == "by name" or target is None or target == found.importer:
            continue
        if not graph.has_edge(found.importer, target):
            graph.add_edge(found.importer, target, imports=[])
        graph.edges[found.importer, target]["imports"].append(found)
    return graph


def circles(graph: nx.DiGraph[str]) -> list[str]:
    """One circle per strongly connected group of the graph, as ``a -> b -> a`` with the imports that close it."""
    found = []
    for group in sorted(nx.strongly_connected_components(graph), key=sorted):
        if len(group) < 2:
            continue
        cycle = nx.find_cycle(graph.subgraph(group), source=min(group))
        steps = "; ".join(str(graph.edges[a, b]["imports"][0]) for a, b in cycle)
        found.append(f"{' -> '.join([a for a, _ in cycle] + [cycle[0][0]])}  [{steps}]")
    return found


def sub_packages(root: Path) -> set[str]:
    """The package's sub-packages (``armata_rules.sim``, ``armata_rules.kernel.core``, ...)."""
    return {name for name, path in modules(root).items() if path.name == "__init__.py" and name != PACKAGE}


def package_graph(root: Path) -> nx.DiGraph[str]:
    """Sub-package -> sibling sub-package, where a module of one imports a module of the other."""
    packages = sub_packages(root)
    graph: nx.DiGraph[str] = nx.DiGraph()
    for a, b, data in import_graph(root).edges(data=True):
        for package_a in (p for p in packages if a == p or a.startswith(f"{p}.")):
            for package_b in (p for p in packages if b == p or b.startswith(f"{p}.")):
                siblings = package_a.rpartition(".")[0] == package_b.rpartition(".")[0]
                if siblings and package_a != package_b:
                    if not graph.has_edge(package_a, package_b):
                        graph.add_edge(package_a, package_b, imports=[])
                    graph.edges[package_a, package_b]["imports"] += data["imports"]
    return graph


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def rule_violations(root: Path) -> list[str]:
    """The imports that break rules 1-3 (see the module docstring), one line each."""
    broken = []
    passed = {(f.importer, f.target, f.line) for f in all_imports(root) if f.how == "by string"}
    for found in all_imports(root):
        if found.how == "by name" and (found.importer, found.target, found.line) in passed:
            continue  # the same string, already counted as passed to an import call
        if _inside(found.importer, KERNEL) and not _inside(found.target, KERNEL):
            broken.append(f"rule 1 (the kernel imports only the kernel): {found}")
        if _inside(found.importer, SECOND_GAME) and not (
            _inside(found.target, KERNEL) or _inside(found.target, SECOND_GAME)
        ):
            broken.append(f"rule 2 (Wladcy Nocy imports only the kernel): {found}")
        if not (_inside(found.importer, KERNEL) or _inside(found.importer, SECOND_GAME)) and _inside(
            found.target, SECOND_GAME
        ):
            broken.append(f"rule 3 (Armata never imports Wladcy Nocy): {found}")
    return broken


# ------------------------------------------------------------------------------------------------ the package


def test_no_module_of_the_package_imports_itself_through_others() -> None:
    found = circles(import_graph(ROOT))
    assert not found, "import circles:\n" + "\n".join(found)


def test_no_two_sibling_sub_packages_import_each_other() -> None:
    graph = package_graph(ROOT)
    assert graph.has_edge(f"{PACKAGE}.sim", f"{PACKAGE}.verify")  # the soak checks verify's invariants
    found = circles(graph)
    assert not found, "sub-package circles:\n" + "\n".join(found)


def test_the_kernel_imports_only_the_kernel_and_armata_never_imports_the_second_game() -> None:
    kernel_modules = [name for name in modules(ROOT) if _inside(name, KERNEL)]
    assert f"{KERNEL}.core.immutable" in kernel_modules  # rule 1 has modules to read
    broken = rule_violations(ROOT)
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("package", [KERNEL, SECOND_GAME])
def test_importing_a_game_independent_package_loads_no_armata_module(package: str) -> None:
    """Every module under ``package``, imported in a fresh interpreter, leaves ``sys.modules`` without an Armata
    module (``armata_rules`` itself, whose ``__init__`` imports lazily, aside)."""
    names = sorted(name for name in modules(ROOT) if _inside(name, package))
    if not names:
        pytest.skip(f"{package} does not exist yet")
    allowed = (KERNEL, SECOND_GAME) if package == SECOND_GAME else (KERNEL,)
    script = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert set(names) <= set(loaded)
    armata = [n for n in loaded if _inside(n, PACKAGE) and n != PACKAGE and not any(_inside(n, p) for p in allowed)]
    assert armata == [], f"importing {package} loads Armata modules: {', '.join(armata)}"


# ------------------------------------------------------------------------------------------------ the checks fail


def _package(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / PACKAGE / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_circle_is_named_however_its_imports_are_written(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from armata_rules import b\n",
            "b.py": "def f():\n    import importlib\n    return importlib.import_module('armata_rules.c')\n",
            "c.py": "from . import a\n",
            "d.py": "NAME = 'armata_rules.a'\n",  # a bare string is no edge of the graph
        },
    )
    found = circles(import_graph(root))
    assert len(found) == 1
    assert found[0].startswith("armata_rules.a -> armata_rules.b -> armata_rules.c -> armata_rules.a")
    for how in ("under TYPE_CHECKING", "by string", "top level"):
        assert how in found[0]
    assert "in a function" not in found[0]  # an import call is found by its string, wherever it sits
    (root / PACKAGE / "b.py").write_text("def f():\n    from armata_rules import c\n", encoding="utf-8")
    assert "in a function" in circles(import_graph(root))[0]


def test_sibling_packages_that_import_each_other_are_named(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "sim/__init__.py": "",
            "sim/soak.py": "from armata_rules.verify.invariants import INVARIANTS\n",
            "verify/__init__.py": "",
            "verify/invariants.py": "INVARIANTS = ()\n",
            "verify/controls.py": "def run():\n    from armata_rules.sim.soak import soak\n",
        },
    )
    assert circles(import_graph(root)) == []  # no module circle ...
    assert circles(package_graph(root)) == [  # ... but a circle of packages
        "armata_rules.sim -> armata_rules.verify -> armata_rules.sim  ["
        "armata_rules.sim.soak -> armata_rules.verify.invariants (line 1, top level); "
        "armata_rules.verify.controls -> armata_rules.sim.soak (line 2, in a function)]"
    ]


def test_each_rule_catches_its_forbidden_import(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "engine.py": "def f():\n    import armata_rules.wladcy_nocy.rules\n",
            "kernel/__init__.py": "import armata_rules.kernel.core\n",
            "kernel/core.py": "import typing\nif typing.TYPE_CHECKING:\n    from armata_rules.state import S\n",
            "kernel/data.py": "FOLDER = 'armata_rules.board'\n",
            "wladcy_nocy/__init__.py": "from armata_rules.kernel import core\n",
            "wladcy_nocy/rules.py": "from .. import engine\n",
        },
    )
    assert rule_violations(root) == [
        "rule 3 (Armata never imports Wladcy Nocy): armata_rules.engine -> armata_rules.wladcy_nocy.rules "
        "(line 2, in a function)",
        "rule 1 (the kernel imports only the kernel): armata_rules.kernel.core -> armata_rules.state "
        "(line 3, under TYPE_CHECKING)",
        "rule 1 (the kernel imports only the kernel): armata_rules.kernel.data -> armata_rules.board (line 1, by name)",
        "rule 2 (Wladcy Nocy imports only the kernel): armata_rules.wladcy_nocy.rules -> armata_rules.engine "
        "(line 1, top level)",
    ]
