"""The database connection: a SQLAlchemy engine for SQLite or PostgreSQL, and the Alembic
migrations that bring a database to the newest schema (:mod:`regalia.server.schema`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text

from regalia.server import migrations

MIGRATION_LOCK = 0x7265_6761
"""The PostgreSQL advisory lock held while one process migrates (others wait for it)."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")  # a committed move survives a crash of the machine too
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def make_engine(url: str) -> Engine:
    """A SQLAlchemy engine for ``url`` (SQLite in WAL mode with full sync, or PostgreSQL).

    Raises:
        ValueError: neither a ``sqlite`` nor a ``postgresql`` URL.
    """
    if url.startswith("sqlite"):
        if url in ("sqlite://", "sqlite:///:memory:"):
            raise ValueError("db: an in-memory SQLite database is lost on restart; give a file")
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    if url.startswith("postgresql"):
        return create_engine(url, pool_size=5, max_overflow=5, pool_pre_ping=True)
    raise ValueError(f"db: expected a sqlite:/// or postgresql+psycopg:// URL, got {url.split(':', 1)[0]!r}")


def alembic_config() -> Config:
    """The Alembic configuration of the migrations shipped in the package."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(migrations.__file__).parent))
    return cfg


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (``alembic upgrade head``); on PostgreSQL one
    process at a time (an advisory lock), so several servers may start together."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
