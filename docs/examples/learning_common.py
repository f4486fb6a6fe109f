"""What the two MaskablePPO examples share: the learning-curve recorder, confidence intervals and
the plot (``ppo_kings_family.py``, ``ppo_kings_blood.py``; ``docs/rl.md``, "Learning")."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from stable_baselines3.common.callbacks import BaseCallback

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt  # noqa: E402

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


class Curve(BaseCallback):  # type: ignore[misc]
    """Records ``(timesteps, episode return)`` for every episode the learner finishes (the
    ``info["episode"]`` that SB3's ``Monitor`` and ``regalia.rl.sb3.MaskableVecEnv`` add)."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", ()):
            episode = info.get("episode")
            if episode is not None:
                self.points.append((self.num_timesteps, float(episode["r"])))
        return True


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % confidence interval (normal approximation), ``(mean, low, high)``."""
    n = len(values)
    mean = float(np.mean(values))
    half = Z95 * float(np.std(values, ddof=1)) / math.sqrt(n) if n > 1 else float("inf")
    return mean, mean - half, mean + half


def wilson(wins: int, games: int) -> tuple[float, float, float]:
    """A win rate and its 95 % Wilson score interval, ``(rate, low, high)``."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return p, centre - half, centre + half


@dataclass
class Result:
    """One policy's measured result: its label, the figure and the 95 % interval."""

    label: str
    value: float
    low: float
    high: float
    games: int
    extra: dict[str, Any] = field(default_factory=dict)

    def text(self, unit: str) -> str:
        return f"{self.label:<22} {unit} {self.value:.3f}  [95% {self.low:.3f}, {self.high:.3f}]  ({self.games} games)"


def plot(
    path: Path,
    points: list[tuple[int, float]],
    window: int,
    title: str,
    ylabel: str,
    baselines: list[Result],
) -> None:
    """The learning curve (the mean of the last ``window`` episodes' returns against the
    timesteps) with each baseline's interval as a band, saved as a PNG."""
    fig, ax = plt.subplots(figsize=(7.5, 4.2), dpi=110)
    if points:
        steps = np.array([p[0] for p in points])
        values = np.array([p[1] for p in points])
        kernel = np.ones(min(window, len(values))) / min(window, len(values))
        smooth = np.convolve(values, kernel, mode="valid")
        ax.plot(steps[len(steps) - len(smooth) :], smooth, color="#1f5fa8", lw=2, label=f"training (mean of {len(kernel)} games)")
    colours = ["#b03a2e", "#7d6608", "#1e8449", "#6c3483"]
    for i, b in enumerate(baselines):
        c = colours[i % len(colours)]
        ax.axhspan(b.low, b.high, color=c, alpha=0.15)
        ax.axhline(b.value, color=c, ls="--", lw=1.2, label=f"{b.label}: {b.value:.2f}")
    ax.set_xlabel("timesteps (the learner's decisions)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
