"""The packages keep their order (rules <- saves <- tui <- remote <- hotseat, the command
line on top, with no exception) and neither the store nor the engines import in circles:
import-linter checks the contracts written in pyproject.toml."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename="pyproject.toml", no_cache=True, no_logo=True) == 0
