"""The layers of the design notes, checked on the source: imports point down (loadbench →
playground → cogs → bot → games), `games/` never imports Discord or asyncio, and no modules
import each other in a circle. Read from the files' import statements, so a test fails at the
line that broke the rule, before any import side effect. The tests' example game is held to the
same rules as the game it shows how to write: its engine package as `games`, its cog as `cogs`."""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("games", "bot", "cogs", "playground", "loadbench")
"""Lowest first: a module may import its own layer and those below it."""
EXAMPLE_GAME = {"tests.tiny_game": "games", "tests.tiny_cog": "cogs"}
"""The packages of the example game under tests/, and the layer each stands for."""


def layer(name: str) -> str:
    for package, stands_for in EXAMPLE_GAME.items():
        if name == package or name.startswith(f"{package}."):
            return stands_for
    return name.split(".")[0]


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    folders = [*LAYERS, *(package.replace(".", "/") for package in EXAMPLE_GAME)]
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imported_names(path: Path, known: Collection[str] = ()) -> Iterator[str]:
    """Absolute imports: `from a import b` is the module `a.b` when there is one, else `a`. A
    package's `__init__` that re-exports a submodule is no circle with that submodule's own
    imports from the package's other modules."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                yield submodule if submodule in known else node.module


def project_imports() -> dict[str, set[str]]:
    known = modules()
    return {
        name: {imported for imported in imported_names(path, known) if imported in known} - {name}
        for name, path in known.items()
    }


def test_imports_point_down() -> None:
    upward = [
        (name, imported)
        for name, imports in project_imports().items()
        for imported in imports
        if LAYERS.index(layer(imported)) > LAYERS.index(layer(name))
    ]
    assert upward == []


def test_engines_need_no_discord_no_event_loop_and_no_io() -> None:
    forbidden = ("discord", "asyncio", "aiosqlite", "sqlite3", "socket")
    offending = [
        (name, imported)
        for name, path in modules().items()
        if layer(name) == "games"
        for imported in imported_names(path)
        if imported.split(".")[0] in forbidden
    ]
    assert offending == []


def test_no_import_circles() -> None:
    graph = project_imports()
    circles: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for imported in sorted(graph[name]):
            if state.get(imported) == 1:
                circles.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                visit(imported)
        path.pop()
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert circles == []
