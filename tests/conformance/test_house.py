"""The house (issues #17 and #24): no import cycle among the modules of ``src/regalia`` at run
time (imports under ``if TYPE_CHECKING:`` are for the type checker only and do not count), and no
import inside a function — except where the imported module needs an optional extra (the server's
FastAPI, the RL extra's NumPy…) or must wait for the build to be chosen; each such exception is
listed in :data:`DEFERRED` with its reason, and the test fails on any other."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

SRC = Path(importlib.import_module("regalia").__file__ or "").resolve().parent
GAMES_DIR = SRC / "games"
PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())

DEFERRED: dict[tuple[str, str], str] = {
    ("native.py", "regalia.core.state"): "native chooses the compiled or pure core before any of it is imported",
    ("rl/__init__.py", "regalia.rl.vector"): "NumPy (the rl extra): regalia.rl.llm works without it",
    ("server/__init__.py", "regalia.server.app"): "FastAPI (the web extra): `regalia serve --help` works without it",
    ("server/cli.py", "uvicorn"): "the web extra",
    ("server/cli.py", "regalia.server.app"): "FastAPI (the web extra)",
    ("server/cli.py", "regalia.server.deadlines"): "uvicorn's protocols (the web extra)",
    ("server/cli.py", "psycopg"): "the postgres extra, only for a postgresql:// database",
    ("server/notices.py", "psycopg"): "the postgres extra, only for a postgresql:// database",
}
"""Imports inside a function that are allowed: (module path under ``src/regalia``, imported
module) → why it waits."""


EVERY_GAME = frozenset(
    {
        "__init__",
        "game",
        "config",
        "cards",
        "actions",
        "phases",
        "state",
        "presenter",
        "view",
        "prompts",
        "labels",
        "keys",
        "schema",
        "snapshot",
        "rulings",
        "observation",
        "bot",
    }
)
"""The jobs every game has, each under the same name (docs/architecture.md, "One shape")."""

MODULE_OR_ELSEWHERE = frozenset({"legal", "refusals", "determinize"})
"""Jobs every game has that are a module of their own unless :data:`ELSEWHERE` says where they are."""

WHERE_NEEDED = frozenset({"rules", "flow", "windows", "words", "eventtexts", "summary", "position", "deck"})
"""Shared jobs only some games have: a game that has one uses this name."""

OWN: dict[str, frozenset[str]] = {
    "kings_blood": frozenset({"genealogy", "eventplays"}),
    "kings_family": frozenset(),
    "kingship": frozenset({"engine", "context", "laws", "merchant", "abilities", "phrases"}),
    "blood_and_fortune": frozenset({"effects", "knowledge", "holders", "scoring"}),
    "kingdom": frozenset({"resolution", "combat", "chain"}),
}
"""Each game's own modules: what only that game has, named by the rulebook's word for it."""

ELSEWHERE: dict[tuple[str, str], str] = {
    ("blood_and_fortune", "legal"): "rules.py: legal_<kind> beside explain_<kind> and do_<kind>, by action kind",
    ("blood_and_fortune", "refusals"): "rules.py: explain_<kind> beside legal_<kind> and do_<kind>, by action kind",
    ("kingdom", "legal"): "rules.py, combat.py and chain.py: legal_<kind> beside explain_<kind> and do_<kind>",
    ("kingdom", "refusals"): "rules.py, combat.py and chain.py: explain_<kind> beside legal_<kind> and do_<kind>",
    ("kings_blood", "legal"): "rules.py and eventplays.py: legal_<kind> beside explain_<kind> and do_<kind>",
    ("kings_blood", "refusals"): "rules.py and eventplays.py: explain_<kind> beside legal_<kind> and do_<kind>",
    ("kings_family", "legal"): "rules.py: legal_<kind> beside explain_<kind> and do_<kind>, by action kind",
    ("kings_family", "refusals"): "rules.py: explain_<kind> beside legal_<kind> and do_<kind>, by action kind",
    ("kingship", "legal"): "legal_<kind> beside on_<kind> (its effect), in the rule module of each decision",
    ("kingship", "determinize"): "KingshipState.determinize: it reads the knowledge fields of the engine",
    ("kings_family", "determinize"): "KingsFamilyState.determinize: one seat; only the draw pile's order is unseen",
    ("kingdom", "determinize"): "KingdomState.determinize, beside the clone it starts from",
    ("blood_and_fortune", "determinize"): "knowledge.py, from the knowledge log of who knows where each card is",
}
"""(game, job) → where that job lives instead of a module of its own, and why."""


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported (its top level, outside TYPE_CHECKING)."""
    out: list[ast.Import | ast.ImportFrom] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.append(node)
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)

    walk(tree.body)
    return out


def _module_name(path: Path) -> str:
    parts = ("regalia", *path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _all_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, those for the type checker included."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]


def _source_deps(root: Path, typing: bool = False) -> dict[str, set[str]]:
    """Each module under ``root`` (``src/regalia``) -> the modules of regalia it imports at run
    time (``typing``: also under ``TYPE_CHECKING`` and inside functions)."""
    paths = {_module_name(p): p for p in root.rglob("*.py")}
    deps: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _all_imports(tree) if typing else _runtime_imports(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:  # ``from package import module`` or ``from module import name``
                    sub = f"{node.module}.{alias.name}"
                    found.add(sub if sub in paths else node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        deps[name] = (found & set(paths)) - {name}
    return deps


def _find_cycle(deps: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``deps`` (its modules, the first repeated last), or ``None``."""
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> list[str] | None:
        if m in path:
            return [*path[path.index(m) :], m]
        if m in done:
            return None
        for d in sorted(deps[m]):
            cycle = visit(d, [*path, m])
            if cycle:
                return cycle
        done.add(m)
        return None

    for m in sorted(deps):
        cycle = visit(m, [])
        if cycle:
            return cycle
    return None


def _imports_inside_functions(path: Path) -> list[tuple[int, str, str]]:
    """(line, function, imported module) of every import statement inside a function of ``path``."""
    out = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom):
                    out.append((node.lineno, fn.name, node.module or ""))
                elif isinstance(node, ast.Import):
                    out.extend((node.lineno, fn.name, alias.name) for alias in node.names)
    return out


def test_no_module_of_regalia_imports_inside_a_function_unless_it_waits_for_an_extra() -> None:
    found = set()
    inside = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        for line, fn, module in _imports_inside_functions(path):
            found.add((rel, module))
            if (rel, module) not in DEFERRED:
                inside.append(f"{rel}:{line} in {fn}() imports {module}")
    assert not inside, inside
    assert set(DEFERRED) <= found, f"stale DEFERRED entries: {sorted(set(DEFERRED) - found)}"


def test_regalia_has_no_import_cycle() -> None:
    deps = _source_deps(SRC)
    assert "regalia.core.state" in deps["regalia.core"], "the graph is read"
    cycle = _find_cycle(deps)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_core_imports_no_front_bot_or_game_even_for_types() -> None:
    """The layers (docs/architecture.md): the core imports only the core."""
    deps = _source_deps(SRC, typing=True)
    outside = {
        f"{m} -> {d}"
        for m, ds in deps.items()
        if m.startswith("regalia.core")
        for d in ds
        if not d.startswith("regalia.core")
    }
    assert not outside, sorted(outside)


def test_the_source_cycle_check_finds_a_cycle() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def _package_deps(package: Path) -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of the same package it imports at run time."""
    name = f"regalia.games.{package.name}"
    modules = {p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    deps: dict[str, set[str]] = {}
    for stem, path in modules.items():
        found: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == name:  # from regalia.games.X import module
                    found.update(a.name for a in node.names if a.name in modules)
                elif node.module.startswith(name + "."):
                    found.add(node.module[len(name) + 1 :].split(".")[0])
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith(name + "."):
                        found.add(a.name[len(name) + 1 :].split(".")[0])
        deps[stem] = found & set(modules)
    return deps


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_names_each_module_by_its_job(package: Path) -> None:
    modules = {p.stem for p in package.glob("*.py")}
    assert not EVERY_GAME - modules, f"missing: {sorted(EVERY_GAME - modules)}"
    for job in sorted(MODULE_OR_ELSEWHERE):
        where = ELSEWHERE.get((package.name, job))
        assert (job in modules) != (where is not None), f"{job}: a module or an ELSEWHERE entry, exactly one"
    known = EVERY_GAME | MODULE_OR_ELSEWHERE | WHERE_NEEDED | OWN[package.name]
    assert not modules - known, f"modules named for no job of the layout: {sorted(modules - known)}"
    assert (package / "lessons.json").is_file()


def test_every_game_package_is_in_the_layout() -> None:
    assert {p.name for p in PACKAGES} == set(OWN)
    assert {game for game, _ in ELSEWHERE} <= set(OWN)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_package_has_no_import_cycle(package: Path) -> None:
    deps = _package_deps(package)
    assert deps.get("state"), "state.py imports the helpers below it"
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError(f"import cycle in {package.name}: {' -> '.join([*path[path.index(m) :], m])}")
        if m in done:
            return
        for d in sorted(deps[m]):
            visit(d, [*path, m])
        done.add(m)

    for m in sorted(deps):
        visit(m, [])


def test_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "loop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from regalia.games.loop.view import draw\n")
    (pkg / "view.py").write_text("from regalia.games.loop import state\n")
    assert _package_deps(pkg) == {"state": {"view"}, "view": {"state"}}
    with pytest.raises(AssertionError, match="import cycle in loop"):
        test_a_game_package_has_no_import_cycle(pkg)


CLASS_OF_JOB = {
    "game": "Game",
    "state": "State",
    "actions": "Action",
    "bot": "Bot",
    "presenter": "Presenter",
    "observation": "Observer",
}
"""A module of every game -> the suffix of the one class it defines for its job (issue 35: one name
per job in every game, ``<Game>Game``, ``<Game>State``, ``<Game>Action``, ``<Game>Bot``...)."""

PRESENTATION = frozenset(
    {"presenter", "view", "prompts", "labels", "keys", "observation", "snapshot", "summary", "bot"}
)
"""Modules that read a state for people, learners, bots or a snapshot check, not the rules."""


def _game_prefix(package: Path) -> str:
    """``kings_blood`` -> ``KingsBlood`` (the prefix of the game's class names)."""
    return "".join(word.capitalize() for word in package.name.split("_"))


def _classes(path: Path) -> list[str]:
    return [n.name for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.ClassDef)]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_names_the_class_of_each_job_after_the_game(package: Path) -> None:
    prefix = _game_prefix(package)
    for module, suffix in CLASS_OF_JOB.items():
        classes = _classes(package / f"{module}.py")
        assert f"{prefix}{suffix}" in classes, f"{module}.py defines no {prefix}{suffix}: {classes}"
        others = [c for c in classes if c.endswith(suffix) and not c.startswith(("_", prefix))]
        assert not others, f"{module}.py: {others} are not named after the game ({prefix}{suffix})"


def _state_parameters(path: Path, state_class: str) -> list[str]:
    """``function(name)`` for each function of ``path`` taking one ``state_class`` not named ``state``."""
    out = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
            typed = [
                a for a in args if a.annotation is not None and ast.unparse(a.annotation).strip("'\"") == state_class
            ]
            if len(typed) == 1 and typed[0].arg != "state":
                out.append(f"{path.name}:{fn.lineno} {fn.name}({typed[0].arg})")
    return out


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_the_rules_name_the_state_argument_state(package: Path) -> None:
    """One name for the state argument in every rules function (issue 35: it was ``s``, ``st``,
    ``state`` or ``self`` from one module to the next)."""
    state_class = f"{_game_prefix(package)}State"
    found = [
        where
        for path in sorted(package.glob("*.py"))
        if path.stem not in PRESENTATION
        for where in _state_parameters(path, state_class)
    ]
    assert not found, found


def test_the_state_argument_check_finds_another_name(tmp_path: Path) -> None:
    path = tmp_path / "rules.py"
    path.write_text("def a(state: 'LoopState') -> None: ...\ndef b(st: LoopState, n: int) -> None: ...\n")
    assert _state_parameters(path, "LoopState") == ["rules.py:2 b(st)"]
