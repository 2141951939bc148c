"""Computer levels at the table: the command line marks them (cpu: is normal, cpu-easy: and
cpu-normal: say so), the new-game dialog offers one for each computer seat, the save keeps
them, and each computer plays at its own level."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input, Select

from hotseat import cli
from hotseat.cli import main
from rules.bots import choose
from saves import SaveStore
from tui.model import GameSession, parse_players, players_text
from tui.screens.new_game import NewGameScreen

from tui_helpers import app_for, until


def seats(players: list[Any]) -> list[tuple[str, str, str]]:
    return [(p.name, p.kind, p.level) for p in players]


def test_the_command_line_marks_each_computer_with_its_level() -> None:
    players = parse_players("Ann,cpu:Bob,cpu-easy:Cy,CPU-Normal:Dan,remote:Eve")
    assert seats(players) == [
        ("Ann", "human", "normal"),
        ("Bob", "computer", "normal"),
        ("Cy", "computer", "easy"),
        ("Dan", "computer", "normal"),
        ("Eve", "remote", "normal"),
    ]


def test_an_unknown_computer_level_gives_one_line_naming_the_levels(
    capsys: pytest.CaptureFixture[str], store: SaveStore
) -> None:
    code = main(["new", "xoxo", "--players", "Ann,cpu-xyz:Bob", "--save-dir", str(store.root)])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "hotseat: unknown computer level 'xyz' in 'cpu-xyz:Bob' "
        "(levels: easy, normal, hard, as in cpu-easy:NAME)\n"
    )
    assert not store.root.exists() or store.list() == []


def test_levels_from_the_command_line_are_kept_in_the_save_and_listed(
    capsys: pytest.CaptureFixture[str], store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run_app(_store: SaveStore, _args: object, session: GameSession, *_: object) -> int:
        session.close()
        return 0

    monkeypatch.setattr(cli, "run_app", run_app)
    argv = ["new", "3x3", "--players", "Ann,cpu:Bob,cpu-easy:Cy", "--name", "evening"]
    assert main([*argv, "--save-dir", str(store.root)]) == 0
    record = store.record("evening")[1]
    assert [p.level for p in record.players] == ["normal", "normal", "easy"]
    capsys.readouterr()
    assert main(["list", "--save-dir", str(store.root)]) == 0
    assert "Ann, Bob (cpu), Cy (cpu, easy)" in capsys.readouterr().out


def test_the_list_of_seats_names_a_computers_level_unless_it_is_normal() -> None:
    assert (
        players_text(parse_players("Ann,cpu:Bob,cpu-easy:Cy")) == "Ann, Bob (cpu), Cy (cpu, easy)"
    )


def test_each_computer_plays_at_its_own_level(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.create(store, "xoxo", parse_players("cpu-easy:Ann,cpu:Bob,Cy"), 3)
    asked: list[tuple[str, str]] = []

    def recording(game_id: str, level: str, *rest: Any) -> Any:
        asked.append((game_id, level))
        return choose(game_id, level, *rest)

    monkeypatch.setattr("tui.model.choose", recording)
    played = []
    for _ in range(6):
        (seat,) = session.to_act()
        session.apply(seat, session.bot_choice(seat))
        played.append(seat)
    session.close()
    level_of = {0: "easy", 1: "normal", 2: "normal"}
    assert asked == [("xoxo", level_of[seat]) for seat in played]


def test_a_rematch_keeps_every_computers_level(store: SaveStore) -> None:
    session = GameSession.create(store, "xoxo", parse_players("Ann,cpu-easy:Bob"), 3)
    again = session.rematch()
    session.close()
    again.close()
    assert seats(again.record.players) == seats(session.record.players)
    assert again.record.players[1].level == "easy"


async def test_the_dialog_offers_a_level_for_computer_seats_only(store: SaveStore) -> None:
    app = app_for(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        assert not screen.query_one("#level-0", Select).display
        assert screen.query_one("#level-1", Select).display
        screen.query_one("#kind-0", Select).value = "computer"
        screen.query_one("#kind-1", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#level-0", Select).display
        assert not screen.query_one("#level-1", Select).display


async def test_the_dialog_stores_the_level_chosen_for_each_computer(store: SaveStore) -> None:
    app = app_for(store)
    app.delay = 3600.0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        screen = app.screen
        screen.query_one("#game", Select).value = "3x3"
        await pilot.pause()
        screen.query_one("#seats", Select).value = 4
        await pilot.pause()
        screen.query_one("#level-1", Select).value = "easy"
        screen.query_one("#level-3", Select).value = "easy"
        screen.query_one("#kind-3", Select).value = "human"
        screen.query_one("#save-name", Input).value = "sunday"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, NewGameScreen))
    record = store.record("sunday")[1]
    assert [(p.kind, p.level) for p in record.players] == [
        ("human", "normal"),
        ("computer", "easy"),
        ("computer", "normal"),
        ("human", "normal"),
    ]
