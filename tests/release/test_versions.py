"""The version and what a release records (issue 38): the version is written in one place
(``regalia.__version__``, which pyproject.toml reads), ``regalia --version`` prints it with the
build of the core, and CHANGELOG.md is in Keep a Changelog's form with its newest "Versions"
table true to the code — the record format, each game's rules version, the lesson and tournament
formats and the database schema's Alembic revision. A change to any of them that CHANGELOG.md
does not record fails here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regalia
from regalia.bots.tournament import RESULT_VERSION
from regalia.cli.main import app
from regalia.core.lessons import LESSONS_VERSION
from regalia.core.registry import game_names
from regalia.core.state import FORMAT_VERSION

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
SECTION = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?$", re.MULTILINE)
SEMVER = re.compile(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?")
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Versions")


def _sections() -> list[tuple[str, str | None, str]]:
    """(version, date, body) of each ``## [version] - date`` section, newest first."""
    found = list(SECTION.finditer(CHANGELOG))
    return [
        (m["version"], m["date"], CHANGELOG[m.end() : found[i + 1].start() if i + 1 < len(found) else len(CHANGELOG)])
        for i, m in enumerate(found)
    ]


def test_the_version_is_written_once_and_pyproject_reads_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "regalia.__version__"}
    assert SEMVER.fullmatch(regalia.__version__), regalia.__version__
    init = (ROOT / "src" / "regalia" / "__init__.py").read_text(encoding="utf-8")
    assert init.count("__version__ = ") == 1


def test_regalia_version_prints_the_release_the_build_and_the_python() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    build = "compiled core" if regalia.compiled() else "pure-Python core"
    assert re.fullmatch(
        rf"regalia {re.escape(regalia.__version__)} \({build}, \w+ \d+\.\d+\.\d+\S*\)\n", result.stdout
    ), result.stdout


def test_the_changelog_is_in_keep_a_changelog_form_with_this_release_dated_newest_first() -> None:
    assert CHANGELOG.startswith("# Changelog\n")
    assert "keepachangelog.com" in CHANGELOG and "semver.org" in CHANGELOG
    sections = _sections()
    assert sections, "no ## [version] - date section"
    released = [(version, date) for version, date, _ in sections if version != "Unreleased"]
    assert "Unreleased" not in [version for version, _, _ in sections[1:]], "Unreleased comes first, once"
    assert released[0][0] == regalia.__version__, "the newest release in CHANGELOG.md is not regalia.__version__"
    assert all(date is not None for _, date in released), "every release has its date"
    assert [d for _, d in released] == sorted((d for _, d in released), reverse=True), "newest first"
    for version, _, body in sections:
        assert version == "Unreleased" or SEMVER.fullmatch(version), version
        kinds = re.findall(r"^### (.+)$", body, re.MULTILINE)
        assert kinds and all(k in KINDS for k in kinds), f"{version}: {kinds}"


def _current_versions() -> dict[str, str]:
    """What the newest "Versions" table must say, from the code."""
    alembic = pytest.importorskip("alembic.script", reason="the database schema's revision needs the web extra")
    migrations = next(Path(regalia.__file__).parent.rglob("migrations/versions")).parent
    heads = alembic.ScriptDirectory(str(migrations)).get_heads()
    assert len(heads) == 1, f"the migrations have {len(heads)} heads: {heads}"
    current = {
        "game records and snapshots": f"format {FORMAT_VERSION}",
        "lesson files": f"format {LESSONS_VERSION}",
        "tournament results": f"format {RESULT_VERSION}",
        "server database schema": f"revision {heads[0]}",
    }
    for name in game_names():
        game = regalia.get_game(name)
        if game.__module__.startswith("regalia.games."):
            current[game.title] = f"rules {game.rules_version}"
    return current


def test_the_newest_versions_table_says_the_formats_rules_and_schema_of_this_code() -> None:
    body = next(body for _, _, body in _sections() if "### Versions" in body)
    table = body.split("### Versions", 1)[1].split("\n### ", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] not in ("what", "---"):
            rows[re.sub(r" \(.*\)$", "", cells[0])] = cells[1]
    assert rows == _current_versions()
