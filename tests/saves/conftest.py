"""Shared fixtures for the save tests: stores in a temporary folder, raw database access
and child processes that can import the project."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from save_helpers import child_env

from saves import SaveStore


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[Callable[..., SaveStore]]:
    """Open SaveStores (each its own database connection, like another terminal);
    all are closed after the test."""
    opened: list[SaveStore] = []

    def open_store(root: Path | None = None) -> SaveStore:
        store = SaveStore(root or tmp_path / "saves")
        opened.append(store)
        return store

    yield open_store
    for store in opened:
        store.close()


@pytest.fixture
def store(stores: Callable[..., SaveStore]) -> SaveStore:
    return stores()


@pytest.fixture
def raw(store: SaveStore) -> Iterator[Callable[[], sqlite3.Connection]]:
    """A plain sqlite3 connection to the store's database, as another program would open it."""
    opened: list[sqlite3.Connection] = []

    def connect() -> sqlite3.Connection:
        db = sqlite3.connect(store.path, isolation_level=None)
        opened.append(db)
        return db

    yield connect
    for db in opened:
        db.close()


@pytest.fixture
def run_python() -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run Python code to its end in a separate process that can import the project."""

    def run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", code, *args],
            env=child_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )

    return run


@pytest.fixture
def spawn() -> Iterator[Callable[..., subprocess.Popen[str]]]:
    """Start Python code in a separate process that talks over stdin/stdout lines; any
    child still running after the test is killed."""
    children: list[subprocess.Popen[str]] = []

    def start(code: str, *args: str) -> subprocess.Popen[str]:
        child = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            env=child_env(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        children.append(child)
        return child

    yield start
    for child in children:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=60)
