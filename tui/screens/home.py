"""The home screen: the four games, and every saved game with whose turn it is."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from rules import GAMES
from saves import DamagedSave, SaveError, SaveInfo
from tui.model import game_title, local_time, players_text
from tui.widgets.header import TitleHeader

GAME_ORDER = ("xoxo", "shifting-stones", "xylotar", "3x3")


def game_line(game_id: str) -> Text:
    """A game's menu line: title, then player range."""
    game = GAMES[game_id]
    text = Text(game.title.ljust(18), style="bold")
    text.append(f"{game.min_players}-{game.max_players} players")
    return text


class HomeScreen(Screen[None]):
    """Pick a game to start, or a save to resume. Damaged saves say what is wrong.

    Its actions do nothing once another screen covers it: a selection queued by
    keys typed fast may be handled after the screen it came from went away."""

    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("o", "open_save", "Open save"),
        Binding("r", "recover", "Recover"),
        Binding("tab", "app.focus_next", "Switch list", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        yield Label("Games", classes="section")
        yield OptionList(
            *(Option(game_line(g), id=g) for g in GAME_ORDER),
            id="games",
        )
        yield Label("Saved games", classes="section")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "hotseat"
        self.sub_title = "a game table for one keyboard"
        table = self.query_one("#saves", DataTable)
        for label, width in (
            ("Save", 14),
            ("Game", 7),
            ("Players", 19),
            ("Turn", 9),
            ("Last played", 16),
        ):
            table.add_column(label, width=width)

    def on_screen_resume(self) -> None:
        """Each visit lists the saves once (this also runs when the screen first shows)."""
        self.reload()

    def reload(self) -> None:
        """List the stored games from their summaries (nothing is replayed); rows that
        cannot be read, and games found damaged when opened, say what is wrong."""
        self.infos: dict[str, SaveInfo] = {}
        table = self.query_one("#saves", DataTable)
        table.clear()
        try:
            infos = self.app.store.list()  # type: ignore[attr-defined]
        except SaveError as error:
            self.query_one("#detail", Static).update(Text(str(error)))
            return
        for info in infos:
            self.infos[info.name] = info
            if info.record is None or info.error is not None:
                cells = (info.name, "?", "damaged: see below", "", "")
            else:
                record, summary = info.record, info.record.summary
                turn = "game over" if summary.get("over") else str(summary.get("turn") or "")
                cells = (
                    info.name,
                    game_title(record.game),
                    players_text(record.players),
                    turn,
                    local_time(record.updated),
                )
            table.add_row(
                *(Text(c, no_wrap=True, overflow="ellipsis") for c in cells), key=info.name
            )
        if not self.infos:
            self.query_one("#detail", Static).update(
                Text("No saved games yet: pick a game above and press Enter, or press n.")
            )
            self.query_one("#games", OptionList).focus()
        else:
            table.focus()
            self.describe(self.selected())

    def mark_damaged(self, name: str, error: DamagedSave) -> None:
        """Remember that game `name` did not replay, so its row says why and r recovers it."""
        info = self.infos.get(name)
        if info is not None:
            info.error = error
            self.describe(self.selected())

    def selected(self) -> SaveInfo | None:
        table = self.query_one("#saves", DataTable)
        if not self.infos or table.cursor_row < 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.infos.get(key or "")

    def describe(self, info: SaveInfo | None) -> None:
        """The detail line under the table: a save's status, or why it cannot open."""
        detail = self.query_one("#detail", Static)
        if info is None:
            detail.update("")
        elif info.error is not None:
            text = Text(str(info.error))
            if info.error.replayable_moves:
                text.append("\nPress r to resume it from there as a new save.", style="bold")
            detail.update(text)
        elif info.record is not None:
            status = str(info.record.summary.get("status", ""))
            detail.update(Text(f"{info.name}: {status}. Enter opens it."))

    @on(DataTable.RowHighlighted, "#saves")
    def save_highlighted(self) -> None:
        self.describe(self.selected())

    @on(DataTable.RowSelected, "#saves")
    def save_chosen(self) -> None:
        self.action_open_save()

    @on(OptionList.OptionSelected, "#games")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        if not self.is_current:
            return
        self.app.new_game(event.option.id)  # type: ignore[attr-defined]

    def action_new_game(self) -> None:
        if not self.is_current:
            return
        games = self.query_one("#games", OptionList)
        option = games.highlighted_option
        chosen = option.id if option is not None and option.id in GAMES else None
        self.app.new_game(chosen or next(iter(GAMES)))  # type: ignore[attr-defined]

    def action_open_save(self) -> None:
        if not self.is_current:
            return
        info = self.selected()
        if info is None:
            return
        if info.error is not None:
            self.describe(info)
            self.app.bell()
            return
        self.app.resume(info.name)  # type: ignore[attr-defined]

    def action_recover(self) -> None:
        if not self.is_current:
            return
        info = self.selected()
        if info is None or info.error is None or not info.error.replayable_moves:
            self.app.notify(
                "Only a damaged save whose first moves replay can be recovered.", markup=False
            )
            return
        self.app.recover(info.name)  # type: ignore[attr-defined]
