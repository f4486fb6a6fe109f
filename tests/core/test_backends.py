"""Backends: local processes and Ray give the same results as a serial run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from regalia.bots.backends import (
    ClusterUnavailableError,
    LocalBackend,
    MissingExtraError,
    chunked,
    get_backend,
    run_indexed,
)
from regalia.bots.report import balance, collect
from regalia.bots.simulate import SimulationSpec, simulate
from regalia.bots.tournament import TournamentSpec, play_games


def _square_all(indices: list[int]) -> list[int]:
    return [i * i for i in indices]


def test_chunks_cover_the_range_in_order() -> None:
    chunks = chunked(103, 2)
    assert [i for c in chunks for i in c] == list(range(103))
    assert max(len(c) for c in chunks) <= 50


def test_run_indexed_returns_results_in_index_order() -> None:
    for jobs in (1, 2):
        with LocalBackend(jobs) as backend:
            seen: list[int] = []
            out = run_indexed(_square_all, 37, backend, progress=seen.append)
        assert out == [i * i for i in range(37)]
        assert seen[-1] == 37 and seen == sorted(seen)


def test_unknown_backend_and_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        get_backend("spark")
    with pytest.raises(ValueError, match="jobs"):
        get_backend("local", jobs=0)
    with pytest.raises(ValueError, match="address"):
        get_backend("local", address="auto")


def test_missing_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(MissingExtraError, match=r"regalia\[ray\]"):
        get_backend("ray")


def test_ray_backend_connects_to_the_given_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--address`` reaches ``ray.init`` as given; without it a private local instance starts."""
    ray = pytest.importorskip("ray")
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda **kwargs: calls.append(kwargs))
    monkeypatch.setattr(ray, "shutdown", lambda: None)
    get_backend("ray", jobs=2, address="ray://head:10001").close()
    get_backend("ray", jobs=2).close()
    assert calls[0]["address"] == "ray://head:10001" and "num_cpus" not in calls[0]
    assert calls[1]["address"] == "local" and calls[1]["num_cpus"] == 2


def test_an_unreachable_ray_cluster_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cluster that cannot be joined (down, or token authentication without RAY_AUTH_MODE=token)
    is reported with the address and what to check, not a Ray traceback."""
    ray = pytest.importorskip("ray")

    def refuse(**kwargs: Any) -> None:
        raise ConnectionError(f"Failed to connect to Ray cluster at {kwargs['address']}\nmore detail")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(
        ClusterUnavailableError, match=r"address: cannot join the Ray cluster at '10.0.0.9:6379'"
    ) as info:
        get_backend("ray", address="10.0.0.9:6379")
    assert "RAY_AUTH_MODE=token" in str(info.value) and "more detail" not in str(info.value)
    assert info.value.address == "10.0.0.9:6379"


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    from tests.core import toygame

    # ship the test game's module by value, so Ray workers need not import ``tests``
    ray.cloudpickle.register_pickle_by_value(toygame)
    ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False)
    backend = get_backend("ray")
    try:
        yield backend
    finally:
        backend.close()
        ray.shutdown()
        ray.cloudpickle.unregister_pickle_by_value(toygame)


def test_ray_gives_the_same_results_as_local(toy: str, ray_backend: Any) -> None:
    spec = SimulationSpec(toy, 3, ("random",), seed=4)
    local = simulate(spec, 40, jobs=2)
    remote = simulate(spec, 40, backend=ray_backend)
    local.pop("games_per_second")
    remote.pop("games_per_second")
    assert local == remote

    tspec = TournamentSpec(toy, 2, ("ismcts:5", "random"), deals=6, seed=3)
    assert play_games(tspec, jobs=1) == play_games(tspec, backend=ray_backend)

    rspec = SimulationSpec(toy, 2, ("random",), seed=9, opening_zone="hand")
    assert balance(rspec, collect(rspec, 30)) == balance(rspec, collect(rspec, 30, backend=ray_backend))


def _fail_on_seven(indices: list[int]) -> list[int]:
    if 7 in indices:
        raise ValueError("game 7 broke")
    return indices


def test_an_error_in_a_worker_reaches_the_caller() -> None:
    for jobs in (1, 2):
        with LocalBackend(jobs) as backend, pytest.raises(ValueError, match="game 7 broke"):
            run_indexed(_fail_on_seven, 40, backend)
