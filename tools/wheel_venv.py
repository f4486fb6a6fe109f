"""A new virtual environment with a wheel of regalia installed, its dependencies borrowed.

    python tools/wheel_venv.py DIR WHEEL

makes the virtual environment ``DIR`` (without pip: quick), installs ``WHEEL`` into it with this
environment's pip (``--no-deps --no-index``: nothing is downloaded), and then writes a ``.pth``
file into it that puts this environment's site-packages folders after its own. So the wheel's
dependencies — FastAPI, NumPy, PettingZoo, pytest… — are the ones already installed here, and
not installed again, while ``regalia`` is the wheel's: a ``.pth`` line that is a plain folder
only adds that folder to ``sys.path``, so the ``.pth`` files inside it (an editable install of
the checkout's ``src``) are not run. Run the venv's programs from a folder outside the checkout,
without ``PYTHONPATH``, and nothing of the checkout is imported.

The wheel is installed before the ``.pth`` file is written, without ``PYTHONPATH`` and with
``--ignore-installed``: pip must never take the wheel as installed already because it sees another
``regalia`` (this environment's, or the checkout's ``src``), and it never uninstalls anything.

The tests of the wheel (``tests/release/test_wheel.py``) and CI's compiled stage (``.ci/run``)
use it; it prints the new environment's Python.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

PTH_NAME = "_regalia_borrowed_site_packages.pth"


def site_folders() -> list[str]:
    """This environment's site-packages (and Debian's dist-packages) folders, in ``sys.path``'s order."""
    seen: list[str] = []
    for entry in sys.path:
        if Path(entry).name in ("site-packages", "dist-packages") and os.path.isdir(entry) and entry not in seen:
            seen.append(entry)
    return seen


def make(target: Path, wheel: Path) -> Path:
    """Make the environment ``target`` with ``wheel`` installed; return its Python.

    Raises:
        FileExistsError: ``target`` exists already (nothing is reused).
        subprocess.CalledProcessError: pip could not install the wheel (its output is shown).
        RuntimeError: pip ended without installing the wheel into ``target``.
    """
    if target.exists():
        raise FileExistsError(f"{target} exists: give a new folder")
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(target)
    python = target / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--ignore-installed",
            "--disable-pip-version-check",
            str(wheel),
        ],
        check=True,
        env=env,
    )
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout.strip()
    if not (Path(purelib) / "regalia" / "__init__.py").is_file():
        raise RuntimeError(f"pip did not install {wheel.name} into {purelib}")
    (Path(purelib) / PTH_NAME).write_text("".join(f"{folder}\n" for folder in site_folders()), encoding="utf-8")
    return python


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    print(make(Path(argv[0]).resolve(), Path(argv[1]).resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
