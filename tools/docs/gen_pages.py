"""The site's pages that are not files of docs/, made at every build (mkdocs-gen-files runs this).

- ``index.md``: README.md, its links into docs/ made relative to the site;
- ``changelog.md``: CHANGELOG.md;
- ``games/rulings.md``: every ruling of every registered game, from the games themselves
  (``Game.rulings``: the rule sheets' and regalia's own), with each game's rules version;
- ``reference/…``: one page for every public module (``tools/docs/public_modules.py`` decides
  which), each rendered from the module's docstrings by mkdocstrings, and ``reference/SUMMARY.md``,
  their navigation (mkdocs-literate-nav), packages as sections with their modules inside.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import mkdocs_gen_files

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "src"))

from public_modules import public_modules  # noqa: E402

import regalia  # noqa: E402


def _site_links(markdown: str) -> str:
    """README.md's links as the site's home page needs them: ``docs/x.md`` is ``x.md`` there, and
    CHANGELOG.md is ``changelog.md``."""
    return re.sub(r"\]\(docs/", "](", markdown).replace("](CHANGELOG.md)", "](changelog.md)")


with mkdocs_gen_files.open("index.md", "w") as out:
    out.write(_site_links((ROOT / "README.md").read_text(encoding="utf-8")))

with mkdocs_gen_files.open("changelog.md", "w") as out:
    out.write((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def _cell(text: str) -> str:
    """``text`` as one cell of a Markdown table."""
    return " ".join(text.split()).replace("|", "\\|")


def _rulings_page() -> str:
    lines = [
        "# Every ruling",
        "",
        "Each game's rulings as the game itself lists them (`regalia rules GAME` prints the same): the rule",
        "sheets' rulings and regalia's own, by id. The id is the one a refusal names",
        "(`IllegalActionError.rule`) and the tests are named after; each game's page explains them with",
        "the rules as implemented.",
    ]
    for name in regalia.game_names():
        game = regalia.get_game(name)
        module = game.__module__.split(".")
        if module[:2] != ["regalia", "games"]:
            continue  # a game registered by a test or a user, not one of the package's
        lines += [
            "",
            f"## {game.title}",
            "",
            f"`{name}`, rules version {game.rules_version}; the rules as implemented: [{game.title}]({module[2]}.md).",
            "",
            "| id | ruling | option |",
            "|---|---|---|",
        ]
        for ruling in game.rulings:
            option = f"`{ruling.option}`" if ruling.option else ""
            lines.append(f"| {ruling.id} | {_cell(ruling.text)} | {option} |")
    return "\n".join(lines) + "\n"


with mkdocs_gen_files.open("games/rulings.md", "w") as out:
    out.write(_rulings_page())

nav = mkdocs_gen_files.Nav()
for name in public_modules(ROOT / "src"):
    parts = tuple(name.split("."))
    is_package = (ROOT / "src" / Path(*parts) / "__init__.py").is_file()
    page = Path(*parts, "index.md") if is_package else Path(*parts).with_suffix(".md")
    nav[parts] = page.as_posix()
    with mkdocs_gen_files.open(Path("reference", page), "w") as out:
        out.write(f"::: {name}\n")

with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as out:
    out.writelines(nav.build_literate_nav())
