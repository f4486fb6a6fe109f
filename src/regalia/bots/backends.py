"""Where many bot games run: in this process, in local worker processes, or on a Ray cluster.

A :class:`Backend` maps a picklable function over a list of work items (chunks of game indices)
and yields the results as they complete. Every game is seeded from its own index, so callers
that sort the results by game index get identical output whatever the backend and job count.

- ``local`` (the default): with ``jobs <= 1`` everything runs in this process; otherwise a
  ``ProcessPoolExecutor`` of ``jobs`` processes.
- ``ray``: one Ray task per work item. Without ``address`` a private local Ray instance is
  started (``num_cpus=jobs`` when ``jobs > 1``); with ``address`` (``"auto"``, ``"ray://host:10001"``,
  ``"host:6379"``) the existing cluster is joined. If Ray is already initialized in this
  process it is reused and left running. Needs the ``ray`` extra (``pip install "regalia[ray]"``).

Games registered at run time (not found by importing ``regalia.games``, e.g. a test game or a
user's own) are sent along with every work item and registered in the worker before it runs,
so workers that were not forked from this process (Ray, or the ``spawn`` start method) know them.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import TracebackType
from typing import Any, Generic, TypeVar

from regalia.core import registry
from regalia.core.game import Game

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


class UnavailableError(RuntimeError):
    """Something a run needs is not available here: an optional package, or a Ray cluster.

    The command-line interface prints the message and exits with status 1.
    """


class MissingExtraError(UnavailableError):
    """An optional dependency is not installed.

    Attributes:
        package: the missing import name (``"ray"``, ``"openskill"``, ``"matplotlib"``).
        extra: the regalia extra that installs it (``"ray"``, ``"report"``).
    """

    def __init__(self, package: str, extra: str, what: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(
            f"{what} needs the '{package}' package, which is not installed: "
            f'pip install "regalia[{extra}]" (or pip install {package})'
        )


def require(module: str, extra: str, what: str) -> Any:
    """Import and return ``module`` (e.g. ``"openskill.models"``).

    Raises:
        MissingExtraError: its package is not installed; the message names the extra to install.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(module.partition(".")[0], extra, what) from None


def _extra_games() -> tuple[Game, ...]:
    """The registered games that importing ``regalia.games`` would not register."""
    return tuple(
        g for name, g in sorted(registry._GAMES.items()) if not type(g).__module__.startswith("regalia.games.")
    )


class _Task(Generic[T, R]):
    """A picklable call of ``fn(item)`` that first registers the run-time games in the worker."""

    def __init__(self, fn: Callable[[T], R], games: tuple[Game, ...]) -> None:
        self.fn = fn
        self.games = games

    def __call__(self, item: T) -> R:
        for g in self.games:
            if g.name not in registry._GAMES:
                registry.register(g)
        return self.fn(item)


class Backend(ABC):
    """Runs work items somewhere; a context manager that frees its workers on exit.

    Attributes:
        name: ``"local"`` or ``"ray"``.
        jobs: the number of parallel workers asked for (``1``: serial for ``local``).
    """

    name: str = ""

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError(f"jobs: must be at least 1, not {jobs}")
        self.jobs = jobs

    @property
    def parallelism(self) -> int:
        """How many work items can run at once (used to size chunks)."""
        return self.jobs

    @abstractmethod
    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """Yield ``fn(item)`` for every item, in completion order.

        ``fn`` must be picklable (a module-level function or a ``functools.partial`` of one).
        An exception raised by ``fn`` is raised here.
        """

    def close(self) -> None:  # noqa: B027 - nothing to free by default
        """Free the workers (idempotent)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class LocalBackend(Backend):
    """This process (``jobs == 1``) or a pool of ``jobs`` local worker processes."""

    name = "local"

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if self.jobs <= 1 or len(items) <= 1:
            for item in items:
                yield fn(item)
            return
        task: _Task[T, R] = _Task(fn, _extra_games())
        pool = ProcessPoolExecutor(max_workers=min(self.jobs, len(items)))
        try:
            pending: set[Future[R]] = {pool.submit(task, item) for item in items}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
        finally:
            # on an error (or when the caller stops early) drop the work not started yet
            pool.shutdown(wait=True, cancel_futures=True)


class ClusterUnavailableError(UnavailableError):
    """The Ray cluster at the given address could not be joined.

    Attributes:
        address: the address given (``--address``).
    """

    def __init__(self, address: str, reason: str) -> None:
        self.address = address
        super().__init__(
            f"address: cannot join the Ray cluster at {address!r} ({reason}). Is it running "
            "(ray status)? Ray 2.59 and later start clusters with token authentication: run the "
            "command with the same RAY_AUTH_MODE=token as the cluster (the token is read from "
            "~/.ray/auth_token or RAY_AUTH_TOKEN)."
        )


class RayBackend(Backend):
    """Ray tasks, on a private local Ray instance or on the cluster at ``address``.

    Raises:
        MissingExtraError: Ray is not installed.
        ClusterUnavailableError: ``address`` was given and that cluster could not be joined.
    """

    name = "ray"

    def __init__(self, jobs: int = 1, address: str | None = None) -> None:
        super().__init__(jobs)
        self.ray = require("ray", "ray", "the ray backend")
        self.address = address
        self._started = False
        if not self.ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                kwargs["address"] = "local"  # a new private instance, even if a cluster runs here
                if jobs > 1:
                    kwargs["num_cpus"] = jobs
            else:
                kwargs["address"] = address
            try:
                self.ray.init(**kwargs)
            except ConnectionError as exc:
                if address is None:
                    raise
                raise ClusterUnavailableError(
                    address, str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                ) from exc
            self._started = True

    @property
    def parallelism(self) -> int:
        if self.jobs > 1:
            return self.jobs
        return max(1, int(self.ray.cluster_resources().get("CPU", 1)))

    def imap_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        task_ref = self.ray.put(_Task(fn, _extra_games()))  # sent to the object store once
        remote = self.ray.remote(_call)
        pending = [remote.remote(task_ref, item) for item in items]
        try:
            while pending:
                done, pending = self.ray.wait(pending, num_returns=1)
                for ref in done:
                    result: R = self.ray.get(ref)
                    yield result
        finally:
            for ref in pending:  # on an error (or when the caller stops early)
                self.ray.cancel(ref)

    def close(self) -> None:
        if self._started:
            self._started = False
            self.ray.shutdown()


def _call(task: Callable[[Any], Any], item: Any) -> Any:
    return task(item)


def get_backend(name: str = "local", jobs: int = 1, address: str | None = None) -> Backend:
    """A backend by name.

    Args:
        name: ``"local"`` or ``"ray"``.
        jobs: parallel workers (``local``: processes; ``ray``: CPUs of a private instance).
        address: a Ray cluster address (``ray`` only).

    Raises:
        ValueError: an unknown backend, ``jobs < 1``, or ``address`` with ``local``.
        MissingExtraError: ``ray`` without Ray installed.
        ClusterUnavailableError: ``ray`` with an ``address`` whose cluster could not be joined.
    """
    if name == "local":
        if address is not None:
            raise ValueError("address: only the ray backend takes an address")
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(jobs, address)
    raise ValueError(f"backend: unknown backend {name!r} (known: {', '.join(BACKENDS)})")


def chunked(count: int, parallelism: int, most: int = 50) -> list[list[int]]:
    """``range(count)`` cut into consecutive chunks: about four per worker, at most ``most`` each."""
    size = max(1, min(most, count // (parallelism * 4) or 1))
    return [list(range(s, min(count, s + size))) for s in range(0, count, size)]


def iter_indexed(
    fn: Callable[[list[int]], list[R]], count: int, backend: Backend
) -> Iterator[tuple[list[int], list[R]]]:
    """Run ``fn`` over chunks of ``range(count)`` on ``backend``; yield ``(indices, results)`` per
    chunk in completion order. ``fn(indices)`` returns one result per index, in the order of
    ``indices``. Serial runs use chunks of one index (a progress bar moves game by game).
    """
    if backend.name == "local" and backend.jobs <= 1:
        chunks = [[i] for i in range(count)]
    else:
        chunks = chunked(count, backend.parallelism)
    starts = {c[0]: c for c in chunks}
    for first, results in backend.imap_unordered(_Indexed(fn), chunks):
        yield starts[first], results


def run_indexed(
    fn: Callable[[list[int]], list[R]],
    count: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """Run ``fn`` over chunks of ``range(count)`` on ``backend`` and return every result, in index
    order whatever order the chunks completed in.

    Args:
        progress: called with the number of results received so far, after every chunk.
    """
    by_index: dict[int, R] = {}
    for indices, results in iter_indexed(fn, count, backend):
        by_index.update(zip(indices, results, strict=True))
        if progress is not None:
            progress(len(by_index))
    return [by_index[i] for i in range(count)]


class _Indexed(Generic[R]):
    """``fn(indices)`` tagged with its first index, so the caller can put chunks back in order."""

    def __init__(self, fn: Callable[[list[int]], list[R]]) -> None:
        self.fn = fn

    def __call__(self, indices: list[int]) -> tuple[int, list[R]]:
        results = self.fn(indices)
        if len(results) != len(indices):
            raise RuntimeError(f"a work item of {len(indices)} indices returned {len(results)} results")
        return indices[0], results
