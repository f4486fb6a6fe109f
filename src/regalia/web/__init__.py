"""The browser tables: static files served by ``regalia serve`` at ``/`` (package data)."""
