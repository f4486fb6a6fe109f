"""The ``regalia`` command (Typer + Rich)."""
