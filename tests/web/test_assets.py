"""The browser's files as shipped: the vendored Preact + htm module pinned by its hash with both
licences, every module import resolving, no page code that writes markup from text, and the files
served with the right types. That the wheels hold every one of them (every file under
src/regalia ships, with no list of suffixes) is tested on a built wheel: tests/release/test_wheel.py."""

from __future__ import annotations

import hashlib
import re
from importlib import resources
from pathlib import Path

import pytest

WEB = Path(str(resources.files("regalia.web")))
VENDOR = WEB / "vendor" / "htm-3.1.1"
STANDALONE_SHA256 = "72284e8e9079c87817145df1110f74e8a2aa040b2fc384922e18dfcb46fc1fd7"
JSON_PATCH = WEB / "vendor" / "fast-json-patch-3.1.1"
JSON_PATCH_FILES = {
    "core.mjs": (20347, "2f88bcc5132f1ac1a13dc4531b0abf22a621a13d1399dc00cfdfee3c5dfee8f8"),
    "helpers.mjs": (5360, "ecdf1d09455f5c6e8e753404be28df2363a0cfa74813de9551a657f812718887"),
}


def _ours() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.js") if WEB / "vendor" not in p.parents)


def test_vendored_preact_htm_is_htm_3_1_1_unchanged_with_both_licences() -> None:
    data = (VENDOR / "preact" / "standalone.module.js").read_bytes()
    assert len(data) == 13194
    assert hashlib.sha256(data).hexdigest() == STANDALONE_SHA256
    htm = (VENDOR / "LICENSE-htm.txt").read_text()
    assert "Apache License" in htm and "Version 2.0" in htm
    preact = (VENDOR / "LICENSE-preact.txt").read_text()
    assert "The MIT License" in preact and "Jason Miller" in preact
    assert STANDALONE_SHA256 in (VENDOR / "NOTICE.txt").read_text()


def test_vendored_fast_json_patch_is_3_1_1_unchanged_with_its_licence() -> None:
    """The RFC 6902 applier of the table socket's deltas: fast-json-patch 3.1.1's two ES modules."""
    notice = (JSON_PATCH / "NOTICE.txt").read_text()
    for name, (size, sha256) in JSON_PATCH_FILES.items():
        data = (JSON_PATCH / "module" / name).read_bytes()
        assert len(data) == size and hashlib.sha256(data).hexdigest() == sha256, name
        assert sha256 in notice
    licence = (JSON_PATCH / "LICENSE-fast-json-patch.txt").read_text()
    assert "The MIT License" in licence and "Joachim Wester" in licence


IMPORT = re.compile(r"""(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\s+['"]([^'"]+)['"]""", re.S)


def test_every_module_import_and_page_script_resolves() -> None:
    for js in _ours():
        found = [a or b for a, b in IMPORT.findall(js.read_text())]
        for spec in found:
            assert spec.startswith("."), f"{js.name}: {spec} (only relative imports: no build step, no CDN)"
            assert (js.parent / spec).resolve().is_file(), f"{js.name} imports {spec}, which is missing"
    for page in ("index.html", "table.html", "replay.html"):
        text = (WEB / page).read_text()
        for src in re.findall(r'(?:src|href)="(/[^"]+)"', text):
            assert (WEB / src.lstrip("/")).is_file(), f"{page} refers to {src}, which is missing"
        # no inline script (the server's policy header allows none to run) and no policy of the
        # page's own: the header (with frame-ancestors, which a <meta> cannot set) supersedes it
        assert "<script>" not in text and "Content-Security-Policy" not in text


@pytest.mark.parametrize("name", [p.name for p in _ours()])
def test_no_page_code_turns_text_into_markup(name: str) -> None:
    """Text reaches the page only through Preact's text nodes and attributes (escaped)."""
    js = next(p for p in _ours() if p.name == name).read_text()
    for bad in (
        "innerHTML",
        "outerHTML",
        "insertAdjacentHTML",
        "dangerouslySetInnerHTML",
        "document.write",
        "eval(",
        "new Function",
    ):
        assert bad not in js, f"{name} uses {bad}"


def test_the_server_serves_the_pages_and_modules_with_their_types(tmp_path: Path) -> None:
    pytest.importorskip("fastapi", reason="the server needs the web extra")
    from fastapi.testclient import TestClient

    from regalia.server.app import create_app
    from regalia.server.settings import ServerSettings

    with TestClient(create_app(ServerSettings(db_url=f"sqlite:///{tmp_path / 'r.db'}", bot_processes=0))) as client:
        for path, kind in [
            ("/", "text/html"),
            ("/table.html", "text/html"),
            ("/replay.html", "text/html"),
            ("/css/regalia.css", "text/css"),
            ("/js/table.js", "javascript"),
            ("/js/games/kings_blood.js", "javascript"),
            ("/vendor/htm-3.1.1/preact/standalone.module.js", "javascript"),
            ("/vendor/fast-json-patch-3.1.1/module/core.mjs", "javascript"),
            ("/favicon.svg", "image/svg+xml"),
        ]:
            r = client.get(path)
            assert r.status_code == 200, path
            assert kind in r.headers["content-type"], (path, r.headers["content-type"])
            assert r.headers["x-content-type-options"] == "nosniff"
            assert "script-src 'self'" in r.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_every_asset_of_the_web_package_is_served_and_nothing_else(tmp_path: Path) -> None:
    """The server serves the package's pages, scripts, styles, images and licence texts, and
    no other file of it (``__init__.py``, byte code): an allow-list of suffixes and folders."""
    pytest.importorskip("fastapi", reason="the server needs the web extra")
    from fastapi.testclient import TestClient

    from regalia.server.app import create_app
    from regalia.server.middleware import ASSET_SUFFIXES
    from regalia.server.settings import ServerSettings

    files = [p for p in WEB.rglob("*") if p.is_file()]
    assert any(p.name == "__init__.py" for p in files)
    with TestClient(create_app(ServerSettings(db_url=f"sqlite:///{tmp_path / 'r.db'}", bot_processes=0))) as client:
        for p in files:
            rel = p.relative_to(WEB).as_posix()
            asset = p.suffix in ASSET_SUFFIXES and not any(
                part.startswith(("_", ".")) for part in p.relative_to(WEB).parts
            )
            assert client.get(f"/{rel}").status_code == (200 if asset else 404), rel
            assert asset or p.suffix in (".py", ".pyc"), f"{rel}: a file that is neither an asset nor code"
