"""The home screen: the four games, and every saved game with whose turn it is."""

from __future__ import annotations

from datetime import datetime

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Label, OptionList, Static
from textual.widgets.option_list import Option

from rules.catalog import CATALOG
from saves import DamagedSave, SaveError, SaveInfo
from saves.visible import visible
from tui.catalog import described, game_order
from tui.i18n import N_, _, language, ngettext
from tui.model import game_title, is_their_turn, players_text, seated
from tui.requests import OpenNewGame, OpenSave, RecoverSave, StartQuickGame, host
from tui.textual_fixes import taken_apart
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.words import status as status_text
from tui.words.problems import said

GAME_WIDTH, TURN_WIDTH = 7, 10
"""Columns of the save list whose width does not depend on the names in it (the games by
their short titles)."""
ROOMY_PLAYERS = 30
"""The room the players keep, at least, where the Game column gives every title whole."""
PLAYED_WIDTH = {"en": 11, "de": 12}
"""The date column, as each language writes a date: "11-28 19:30", "28.11. 19:30"."""
MIN_NAME_WIDTH, MIN_PLAYERS_WIDTH = 8, 14
CELL_PADDING = 2
"""A DataTable cell has one blank column on either side."""
FRAME = 4
"""The table's margins and a vertical scrollbar."""
CUT_IN_THE_MIDDLE = (True, False, False, True, False)
"""Save names and whose turn it is are told apart by their ends (xoxo-...-1044-2,
Computer 11); the other cells are cut at the end."""


def cut_middle(text: str, width: int) -> str:
    """`text` in at most `width` characters: a long one keeps its start and its end,
    which tells apart names such as xoxo-2026-12-01-1044 and xoxo-2026-12-01-1044-2."""
    if len(text) <= width:
        return text
    head = (width - 1) // 2
    return text[:head] + "…" + text[len(text) - (width - 1 - head) :]


def column_widths(screen_width: int, longest_name: int) -> list[tuple[str, int]]:
    """Label and width of each column of the save list: the names get the room they
    need and the players the rest, neither less than its minimum."""
    played = PLAYED_WIDTH[language()]
    room = screen_width - FRAME - CELL_PADDING * 5 - TURN_WIDTH - played
    heading = _("Save")
    least = max(MIN_NAME_WIDTH, cell_len(heading))
    whole = max(cell_len(game_title(game_id)) for game_id in CATALOG)
    roomy = room - whole - max(least, longest_name) >= ROOMY_PLAYERS
    game = whole if roomy else GAME_WIDTH
    room -= game
    name = max(least, min(longest_name, room - MIN_PLAYERS_WIDTH))
    players = max(MIN_PLAYERS_WIDTH, room - name)
    return [
        (heading, name),
        (_("Game"), game),
        (_("Players"), players),
        (_("Turn"), TURN_WIDTH),
        (_("Last played"), played),
    ]


def short_title(game_id: str) -> str:
    ui = described(game_id)
    return _(ui.short_title) if ui and ui.short_title else game_title(game_id)


def game_cell(game_id: str, width: int) -> str:
    """A game as the save list's Game column has room for it: its whole title, else its
    short one."""
    whole = game_title(game_id)
    return whole if cell_len(whole) <= width else short_title(game_id)


def this_year() -> int:
    return datetime.now().astimezone().year


def played_when(iso: str, year: int) -> str:
    """When a game was last played, in PLAYED_WIDTH columns, as the language writes dates: "11-28
    19:30" or "28.11. 19:30" in `year`, else the day ("2025-11-28", "28.11.2025")."""
    try:
        local = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return "?"
    german = language() == "de"
    if local.year == year:
        return local.strftime("%d.%m. %H:%M" if german else "%m-%d %H:%M")
    return local.strftime("%d.%m.%Y" if german else "%Y-%m-%d")


def game_line(game_id: str) -> Text:
    """A game's menu line: title, then player range."""
    game = CATALOG[game_id]
    text = Text(game.title.ljust(18), style="bold")
    text.append(_("{low}-{high} players").format(low=game.min_players, high=game.max_players))
    return text


class HomeScreen(Screen[None]):
    """Pick a game to start, or a save to resume. Damaged saves say what is wrong.

    Its actions do nothing once another screen covers it, nor while it is being said
    again in another language (`retell`): a selection queued by keys typed fast may be
    handled after the screen, or the widgets, it came from went away."""

    BINDINGS = [
        Binding("n", "new_game", N_("New game")),
        Binding("c", "quick_game", N_("Vs computer")),
        Binding("o", "open_save", N_("Open save")),
        Binding("r", "recover", N_("Recover")),
        # NOTE: s switches to the other language; its label is that language's own name.
        Binding("s", "app.switch_language", N_("Deutsch")),
        Binding("tab", "app.focus_next", N_("Switch list"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.infos: dict[str, SaveInfo] = {}
        self.rows: list[tuple[str, ...]] = []
        """Each save's cells in full, its name first, then its game's id (`game_cell`)."""
        self.listed = False
        """True once the saves were listed: a later visit keeps the list in focus."""
        self.laid_out_for = (0, 0)
        """The terminal width and longest name the columns were last sized for."""
        self.whole = True
        """False while the screen is being built again (`retell`)."""

    def compose(self) -> ComposeResult:
        yield TitleHeader(show_clock=False)
        yield Label(_("Games"), classes="section")
        yield OptionList(
            *(Option(game_line(g), id=g) for g in game_order()),
            id="games",
        )
        yield Label(_("Saved games"), classes="section", id="saves-label")
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "hotseat"
        player = self.player
        self.sub_title = (
            _("playing as {name}").format(name=player)
            if player
            else _("a game table for one keyboard")
        )

    async def retell(self) -> None:
        """Say everything again, in the language chosen just now. Until it is whole again
        the screen takes no key (`ready`)."""
        self.whole = False
        try:
            await self.recompose()
            self.on_mount()
            self.listed = False
            if self.is_current and not taken_apart(self):  # else a next visit lists them
                self.reload()
        finally:
            self.whole = True

    @property
    def ready(self) -> bool:
        """True when the screen is on top and whole (and not being taken apart as the app
        closes): only then does it act on a key."""
        return self.is_current and self.whole and not taken_apart(self)

    @property
    def player(self) -> str | None:
        """The registered player this terminal plays as; None: the people at the keyboard."""
        return getattr(self.app, "player", None)

    def on_screen_resume(self) -> None:
        """Each visit lists the saves once (this also runs when the screen first shows)."""
        if self.whole and not taken_apart(self):
            self.reload()

    def reload(self) -> None:
        """List the stored games from their summaries (nothing is replayed), reading again
        only those that changed since the app last read them (`Tables`); rows that cannot
        be read, and games found damaged when opened, say what is wrong."""
        self.infos = {}
        self.rows = []
        tables = host(self).tables
        try:
            tables.refresh()
            infos = tables.infos()
        except SaveError as error:
            self.fill()
            self.query_one("#detail", Static).update(Text(said(error)))
            return
        year = this_year()
        player = self.player
        yours = 0
        for info in infos:
            listing = info.listing
            if player is not None and (listing is None or not seated(listing.players, player)):
                continue  # a registered player sees only the tables they sit at
            self.infos[info.name] = info
            if listing is None or info.error is not None:
                cells = (info.name, "?", _("damaged: see below"), "", "")
            else:
                summary = listing.summary
                turn = _("game over") if summary.get("over") else str(summary.get("turn") or "")
                if player is not None and is_their_turn(summary, player):
                    turn, yours = _("Your turn"), yours + 1
                cells = (
                    info.name,
                    listing.game,
                    players_text(listing.players),
                    turn,
                    played_when(listing.updated, year),
                )
            self.rows.append(cells)
        label = _("Your tables") if player is not None else _("Saved games")
        if yours:
            label += " - " + ngettext(
                "your turn in {count} game", "your turn in {count} games", yours
            ).format(count=yours)
        self.query_one("#saves-label", Label).update(label)
        self.fill()
        table = self.query_one("#saves", DataTable)
        if not self.infos:
            self.query_one("#detail", Static).update(
                Text(_("No saved games yet: pick a game above and press Enter, or press n."))
            )
            self.query_one("#games", OptionList).focus()
        else:
            if not self.listed or self.focused is None:
                table.focus()  # the first visit starts on the saves; later ones stay put
            self.describe(self.selected())
        self.listed = True

    def fill(self) -> None:
        """Lay the save list out for the terminal's width and its longest name, and show
        its rows, control characters made visible. The cursor stays on the save it was on."""
        table = self.query_one("#saves", DataTable)
        self.laid_out_for = self.layout_key()
        columns = column_widths(*self.laid_out_for)
        kept = self.selected() if table.row_count else None
        table.clear(columns=True)
        for label, width in columns:
            table.add_column(Text(label), width=width)  # a label, not markup
        for cells in self.rows:
            name, game, *rest = cells
            said = (name, game_cell(game, columns[1][1]), *rest)
            shown = (
                cut_middle(visible(cell), width) if middle else visible(cell)
                for cell, (_, width), middle in zip(said, columns, CUT_IN_THE_MIDDLE, strict=True)
            )
            table.add_row(
                *(Text(c, no_wrap=True, overflow="ellipsis") for c in shown), key=cells[0]
            )
        if kept is not None and kept.name in self.infos:
            table.move_cursor(row=table.get_row_index(kept.name))

    def layout_key(self) -> tuple[int, int]:
        """What the column widths depend on: the terminal's width and the longest name."""
        return self.app.size.width, max((len(cells[0]) for cells in self.rows), default=0)

    def on_resize(self) -> None:
        """A wider or narrower terminal lays the save list out again (once it is there)."""
        if self.whole and self.listed and self.laid_out_for != self.layout_key():
            self.fill()

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
            text = Text(visible(said(info.error)))
            if info.error.replayable_moves:
                text.append(
                    "\n" + _("Press r to resume it from there as a new save."), style="bold"
                )
            detail.update(text)
        elif info.listing is not None:
            summary = info.listing.summary
            status = status_text(info.listing.game, summary)
            turn, player = summary.get("turn"), self.player
            if player and turn and not summary.get("over") and not is_their_turn(summary, player):
                status = _("waiting for {name}").format(name=turn) + f" · {status}"
            line = _("{save}: {status}. Enter opens it.").format(save=info.name, status=status)
            detail.update(Text(visible(line)))

    @on(DataTable.RowHighlighted, "#saves")
    def save_highlighted(self) -> None:
        if self.whole:
            self.describe(self.selected())

    @on(DataTable.RowSelected, "#saves")
    def save_chosen(self) -> None:
        self.action_open_save()

    @on(OptionList.OptionSelected, "#games")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        if not self.ready or event.option.id is None:
            return
        self.post_message(OpenNewGame(event.option.id))

    def action_new_game(self) -> None:
        if not self.ready:
            return
        self.post_message(OpenNewGame(self.highlighted_game()))

    def action_quick_game(self) -> None:
        """c: the game in the list, at once, the person here against a normal computer."""
        if not self.ready:
            return
        self.post_message(StartQuickGame(self.highlighted_game()))

    def highlighted_game(self) -> str:
        """The game the list of games points at (the first before it points anywhere)."""
        option = self.query_one("#games", OptionList).highlighted_option
        chosen = option.id if option is not None and option.id in CATALOG else None
        return chosen or game_order()[0]

    def action_open_save(self) -> None:
        if not self.ready:
            return
        info = self.selected()
        if info is None:
            return
        if info.error is not None:
            self.describe(info)
            self.app.bell()
            return
        self.post_message(OpenSave(info.name))

    def action_recover(self) -> None:
        if not self.ready:
            return
        info = self.selected()
        if info is None or info.error is None or not info.error.replayable_moves:
            self.app.notify(
                _("Only a damaged save whose first moves replay can be recovered."), markup=False
            )
            return
        self.post_message(RecoverSave(info.name))
