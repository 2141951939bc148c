"""Shared fixtures for the save tests: a store in a temporary folder, played games, subprocesses."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import saves
from saves import PlayerSpec, SaveRecord, SaveStore, replay

PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"), PlayerSpec("Cy", "computer")]
PROJECT = Path(saves.__file__).resolve().parent.parent


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves")


def _play(moves: int, seed: int = 7) -> tuple[SaveRecord, Any, Any]:
    """A 3 x 3 game of three players after `moves` random legal moves: (record, game, state)."""
    record = SaveRecord.new("3x3", [PlayerSpec(p.name, p.kind) for p in PLAYERS], seed)
    game, state = replay(record)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.to_act(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        record.add_move(seat, action, game, state)
    return record, game, state


def _snapshot(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every entry's bytes (None for non-files) and mtime, to prove nothing changed."""
    snapshot = {}
    for entry in folder.iterdir():
        info = entry.lstat()
        content = entry.read_bytes() if entry.is_file() and info.st_size < 2**20 else None
        snapshot[entry.name] = (content, info.st_mtime_ns)
    return snapshot


@pytest.fixture
def play() -> Callable[..., tuple[SaveRecord, Any, Any]]:
    return _play


@pytest.fixture
def snapshot() -> Callable[[Path], dict[str, tuple[bytes | None, int]]]:
    return _snapshot


@pytest.fixture
def run_python() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run Python code in a separate process that can import the project."""

    def run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(PROJECT)}
        return subprocess.run(
            [sys.executable, "-c", code, *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    return run
