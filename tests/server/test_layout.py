"""The server's layout (issue 34): small modules with one job each, a small ``Master`` that every
table change goes through, and a connection that never touches the database."""

from __future__ import annotations

import ast
from pathlib import Path

import regalia.server

SERVER = Path(regalia.server.__file__).parent
MAX_LINES = 500
MAX_METHODS = 25


def _modules() -> list[Path]:
    return sorted(SERVER.glob("*.py"))


def test_no_module_of_the_server_is_over_500_lines() -> None:
    long = {p.name: n for p in _modules() if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_no_class_of_the_server_has_over_25_methods() -> None:
    big = {}
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > MAX_METHODS:
                    big[f"{path.name}:{node.name}"] = len(methods)
    assert big == {}


def test_a_connection_never_touches_the_store() -> None:
    """Every write of a socket — moves, chat, preferences, seats — goes through the ``Master``
    (``connection.py`` neither imports the store nor reads a ``store`` attribute)."""
    tree = ast.parse((SERVER / "connection.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"regalia.server.store", "regalia.server.database", "regalia.server.committer"}
    touched = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ("store", "_store")]
    assert touched == []


def test_the_master_reaches_no_job_s_private_parts_and_no_front_reaches_the_master_s() -> None:
    """The master's jobs are used through their public methods; the connection, the lobby and the
    app call the master's entry points, never a ``_private`` one."""
    for name in ("master.py", "connection.py", "lobby.py", "app.py"):
        tree = ast.parse((SERVER / name).read_text())
        private = [
            f"{name}:{n.lineno} {n.attr}"
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute)
            and n.attr.startswith("_")
            and not n.attr.startswith("__")
            and not (isinstance(n.value, ast.Name) and n.value.id == "self")
        ]
        assert private == [], private
