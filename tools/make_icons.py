"""Render the site's PNG icons from their SVG sources (a tool for authors, not a test), with the
system's Chromium through Playwright, as the browser tests drive it:

    python tools/make_icons.py

The web manifest's icons (``regalia/web/manifest.webmanifest``) and the Home Screen icon of
iPhones and iPads must be PNG: ``favicon.svg`` gives the plain icons (its rounded corners
transparent), ``icons/maskable.svg`` the full-bleed one that Android crops to its own shape and
iOS rounds (the crown within the middle 80 %), ``icons/badge.svg`` the white-on-transparent
badge Android shows in its status bar.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(str(resources.files("regalia.web")))
ICONS: list[tuple[str, str, int]] = [
    ("favicon.svg", "icons/icon-192.png", 192),
    ("favicon.svg", "icons/icon-512.png", 512),
    ("icons/maskable.svg", "icons/maskable-512.png", 512),
    ("icons/maskable.svg", "icons/apple-touch-icon.png", 180),
    ("icons/badge.svg", "icons/badge-96.png", 96),
]
"""(source SVG, PNG written, size in pixels), paths under ``regalia/web``."""


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("make_icons: Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        for source, target, size in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (WEB / source).read_text()
            page.set_content(
                f'<html><body style="margin:0;background:transparent">'
                f'<div style="width:{size}px;height:{size}px">{svg}</div></body></html>'
            )
            page.locator("svg").evaluate(
                "(s) => { s.setAttribute('width', '100%'); s.setAttribute('height', '100%'); }"
            )
            page.screenshot(
                path=str(WEB / target), omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size}
            )
            page.close()
            print(f"{target}: {size}x{size}, {(WEB / target).stat().st_size} bytes")
        browser.close()


if __name__ == "__main__":
    main()
