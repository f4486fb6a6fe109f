"""The documentation site (issue 38; docs/release.md, "The documentation site"): ``mkdocs build
--strict`` passes — no warning: no broken link or anchor, no page of docs/ left out of the
navigation, no docstring naming a parameter its function lacks — and the site it makes has a page
for every public module and for nothing else, every page of docs/, every ruling of every game,
and no link to a page or anchor that is not there.

The public modules are found here by walking the imported package (``pkgutil``), not with the
site generator's own file walk, so a module the generator missed fails this test."""

from __future__ import annotations

import os
import pkgutil
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

import regalia
from regalia.core.registry import game_names

ROOT = Path(__file__).resolve().parents[2]

if os.environ.get("CI") == "true":
    import mkdocs  # noqa: F401 -- CI=true: the site must be built, so a missing docs extra fails
else:
    pytest.importorskip("mkdocs", reason="the docs extra (in the test extra) builds the site")


def _public_modules() -> set[str]:
    """regalia's public modules (docs/release.md's rule), found by importing the package."""
    names = {"regalia"}
    for info in pkgutil.walk_packages(regalia.__path__, "regalia."):
        parts = info.name.split(".")
        if any(not p.isidentifier() or p.startswith("_") for p in parts) or "migrations" in parts:
            continue
        names.add(info.name)
    return names


def _build(out: Path) -> None:
    """``mkdocs build --strict`` into ``out``: it must pass and print no warning."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    log = result.stdout + result.stderr
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{log[-6000:]}"
    assert "WARNING" not in log, log[-6000:]


def test_the_site_builds_with_warnings_as_errors_and_holds_every_page_it_should(tmp_path: Path) -> None:
    """One test, so that the site (about 25 s of one core) is built once, not once per test worker."""
    _build(tmp_path)
    _every_public_module_has_its_page_and_nothing_else_has_one(tmp_path)
    _every_page_of_docs_and_every_ruling_of_every_game_is_on_the_site(tmp_path)
    _no_link_of_the_site_leads_nowhere(tmp_path)


def _every_public_module_has_its_page_and_nothing_else_has_one(site: Path) -> None:
    reference = site / "reference"
    pages: dict[str, Path] = {}
    for page in reference.rglob("*.html"):
        parts = page.relative_to(reference).with_suffix("").parts
        pages[".".join(parts[:-1] if parts[-1] == "index" else parts)] = page  # a package's page is its index
    expected = _public_modules()
    assert set(pages) == expected, f"missing: {sorted(expected - set(pages))}; extra: {sorted(set(pages) - expected)}"
    for name, page in pages.items():
        assert f'id="{name}"' in page.read_text(encoding="utf-8"), f"{name}: the page has no heading of the module"
    state = pages["regalia.core.state"].read_text(encoding="utf-8")
    assert 'id="regalia.core.state.State.apply"' in state  # members with their docstrings


def _every_page_of_docs_and_every_ruling_of_every_game_is_on_the_site(site: Path) -> None:
    for page in (ROOT / "docs").rglob("*.md"):
        built = site / page.relative_to(ROOT / "docs").with_suffix(".html")
        assert built.is_file(), f"{page.relative_to(ROOT)} has no page on the site"
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in home or "python -m pytest -n auto" in home
    assert (site / "changelog.html").is_file()
    rulings = (site / "games" / "rulings.html").read_text(encoding="utf-8")
    for name in game_names():
        game = regalia.get_game(name)
        if not game.__module__.startswith("regalia.games."):
            continue
        assert game.title.replace("'", "&#39;") in rulings or game.title in rulings, name
        for ruling in game.rulings:
            assert f"<td>{ruling.id}</td>" in rulings, f"{name}: {ruling.id}"


_LINK = re.compile(r'(?:href|src)="([^"]+)"')
_ID = re.compile(r'id="([^"]+)"')


def _no_link_of_the_site_leads_nowhere(site: Path) -> None:
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in site.rglob("*.html"):
        for link in _LINK.findall(page.read_text(encoding="utf-8")):
            parsed = urllib.parse.urlsplit(link)
            if parsed.scheme or link.startswith(("//", "mailto:", "data:")):
                continue  # another site: not this build's to check
            path = urllib.parse.unquote(parsed.path)
            if not path:
                target = page
            elif path.startswith("/"):  # 404.html links from the site's root (it is served at any depth)
                target = (site / path.lstrip("/")).resolve()
            else:
                target = (page.parent / path).resolve()
            if target.is_dir() or path.endswith("/"):
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} -> {link}")
                continue
            if parsed.fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = set(_ID.findall(target.read_text(encoding="utf-8")))
                if urllib.parse.unquote(parsed.fragment) not in ids[target]:
                    broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:20]}"
