"""The new-game dialog: game, seats (name, person or computer, and a computer's level), table
options, optional seed (at a table of this keyboard's people and computers) and save name."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from rules import GAMES, SetupError, UnknownGame
from rules.bots import DEFAULT_LEVEL
from rules.names import MAX_NAME_CELLS
from saves import PlayerSpec, SaveError, validate_save_name
from tui.i18n import N_, _, language
from tui.model import (
    GameSession,
    may_choose_seed,
    new_seed,
    parse_seed,
    registered_names,
)
from tui.requests import host
from tui.screens.once import DismissOnce
from tui.screens.seat_fields import (
    MAX_SEATS,
    NameInput,
    SeatKind,
    default_seat,
    keep_seats,
    last_seats,
    level_choices,
    seat_kinds,
    seat_label,
)
from tui.textual_fixes import taken_apart
from tui.widgets.footer import Footer
from tui.widgets.header import TitleHeader
from tui.words import seat_names
from tui.words.common import and_list
from tui.words.options import option_help, option_label, value_text
from tui.words.problems import said

GAME_OPTIONS = [(game.id, option) for game in GAMES.values() for option in game.options]
"""Every game's table options; the dialog shows those of the chosen game."""


class Form(VerticalScroll, can_focus=False):
    """The dialog's fields: it scrolls to the focused one and takes no focus itself (a
    focused container restyles everything it holds, here some 200 widgets)."""


class NewGameScreen(DismissOnce, Screen[GameSession[Any] | None]):
    """Dismisses with the new, saved session, or None when cancelled.

    Enter in a text field moves on to the next field; only Start (the button, or
    Ctrl+S anywhere: S as in Start and Starten) starts the game. Every mistake is
    explained inline; nothing is created until all is valid. Its labels are as wide as
    the language's words need (the class names the language).
    """

    CSS_PATH = ["../styles/screens.tcss"]
    AUTO_FOCUS = "#name-0"

    BINDINGS = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
        Binding("tab", "app.focus_next", N_("Next field"), priority=True),
        Binding("shift+tab", "app.focus_previous", N_("Previous field"), show=False, priority=True),
        Binding("enter", "next_field", N_("Next field"), show=False, priority=True),
        *(Binding(str(n), f"seats({n})", N_("Seats"), show=False) for n in range(1, 10)),
    ]
    """Moving between fields is a priority binding: the focus moves before the next key
    is handed out, so letters typed right after Tab or Enter (an SSH link often sends
    them together) land in the next field, not the one just left."""

    def __init__(self, game_id: str) -> None:
        super().__init__(classes=f"lang-{language()}")
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        game = GAMES[self.game_id]
        yield TitleHeader(show_clock=False)
        with Form(id="new-game-form"):
            with Horizontal(classes="form-row"):
                yield Label(_("Game"), classes="form-label")
                yield Select(
                    [(g.title, g.id) for g in GAMES.values()],
                    value=self.game_id,
                    allow_blank=False,
                    compact=True,
                    id="game",
                )
                yield Label("  " + _("Seats"), classes="form-label wide")
                yield Select(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=self.first_count(),
                    allow_blank=False,
                    compact=True,
                    id="seats",
                )
            player = getattr(self.app, "player", None)
            last = last_seats(player)
            for i in range(MAX_SEATS):
                name, kind = default_seat(i, player)
                level_now = DEFAULT_LEVEL
                if i < len(last):
                    name, kind, level_now = last[i].name, last[i].kind, last[i].level
                with Horizontal(classes="form-row seat-row", id=f"seat-{i}"):
                    yield Label(seat_label(i), classes="form-label")
                    yield NameInput(name, compact=True, id=f"name-{i}", classes="seat-name")
                    yield SeatKind(seat_kinds(player), value=kind, id=f"kind-{i}")
                    level = Select(
                        level_choices(),
                        value=level_now,
                        allow_blank=False,
                        compact=True,
                        id=f"level-{i}",
                        classes="seat-level",
                    )
                    level.display = kind == "computer"
                    yield level
            yield Static(id="seat-note")
            for game_id, option in GAME_OPTIONS:
                with Horizontal(
                    classes="form-row option-row", id=f"option-{game_id}-{option.name}"
                ):
                    yield Label(option_label(game_id, option), classes="option-label")
                    yield Select(
                        [(value_text(choice), choice) for choice in option.choices],
                        value=option.default,
                        allow_blank=False,
                        compact=True,
                        classes="option-value",
                    )
                    yield Label(Text(option_help(game_id, option)), classes="option-help")
            with Horizontal(classes="form-row"):
                yield Label(_("Seed"), classes="form-label", id="seed-label")
                yield Input(placeholder=_("random"), compact=True, id="seed", classes="short")
                yield Label("  " + _("Save as"), classes="form-label wide", id="save-label")
                yield Input(
                    placeholder=_("automatic"), compact=True, id="save-name", classes="short"
                )
            with Horizontal(classes="form-row"):
                yield Button(_("Start (Ctrl+S)"), id="start", variant="primary", compact=True)
                yield Button(_("Back (Esc)"), id="cancel", compact=True)
            yield Static(id="form-error")
        yield Footer()

    def on_mount(self) -> None:
        if taken_apart(self):
            return  # the app closed while this screen was being built: nothing to fill
        self.title = _("New game")
        self.sub_title = GAMES[self.game_id].title
        self.show_seats(self.first_count())
        self.query_one("#name-0", NameInput).focus()

    def first_count(self) -> int:
        """The seats the dialog opens with: as many as at the last table, if the game
        allows them, else the fewest it allows."""
        game = GAMES[self.game_id]
        last = len(last_seats(getattr(self.app, "player", None)))
        return min(max(last, game.min_players), game.max_players)

    def show_seats(self, count: int) -> None:
        """Show `count` seat rows, this game's options, and the seats the table adds."""
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < count
        for game_id, option in GAME_OPTIONS:
            self.query_one(f"#option-{game_id}-{option.name}").display = game_id == self.game_id
        game = GAMES[self.game_id]
        seats = game.player_seats(count)
        names = seat_names(game.id, game.seat_names([seat_label(i) for i in range(count)]), seats)
        added = [names[s] for s in range(len(names)) if s not in seats]
        note = self.query_one("#seat-note", Static)
        note.display = bool(added)
        note.update(
            _("{game} adds side players {names}, played by the table.").format(
                game=game.title, names=and_list(added)
            )
        )
        self.show_seed()

    def show_seed(self) -> None:
        """The seed field, only while the people at this keyboard may choose the seed (no
        seat for a registered player, not a registered player's terminal)."""
        chosen = may_choose_seed(self.players(), getattr(self.app, "player", None))
        self.query_one("#seed-label").display = chosen
        self.query_one("#seed", Input).display = chosen
        save_as = _("Save as")
        self.query_one("#save-label", Label).update("  " + save_as if chosen else save_as)

    def options(self) -> dict[str, object]:
        """The chosen table options of the selected game."""
        return {
            option.name: self.query_one(
                f"#option-{game_id}-{option.name} .option-value", Select
            ).value
            for game_id, option in GAME_OPTIONS
            if game_id == self.game_id
        }

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id:
            return  # the first value, as the list is set up
        self.game_id = str(event.value)
        game = GAMES[self.game_id]
        seats = self.query_one("#seats", Select)
        seats.set_options([(str(n), n) for n in range(game.min_players, game.max_players + 1)])
        seats.value = game.min_players
        self.sub_title = game.title
        self.show_seats(game.min_players)

    @on(Select.Changed, "#seats")
    def seats_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.show_seats(event.value)

    @on(Select.Changed, ".seat-kind")
    def kind_changed(self, event: Select.Changed) -> None:
        """A computer seat offers its level; other seats have none to choose. A seat for a
        registered player takes the seed out of the people's hands."""
        index = str(event.select.id).removeprefix("kind-")
        self.query_one(f"#level-{index}", Select).display = event.value == "computer"
        self.show_seed()

    @on(NameInput.Cut)
    def name_cut(self, event: NameInput.Cut) -> None:
        """Say that a name was cut to what fits, naming its seat."""
        seat = str(event.field.id).removeprefix("name-")
        self.query_one("#form-error", Static).update(
            Text(
                "! "
                + _(
                    "{seat}: a name is at most {width} columns wide (a wide letter takes two); "
                    "the rest was left out"
                ).format(seat=seat_label(int(seat)), width=MAX_NAME_CELLS),
                style="bold",
            )
        )

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.action_cancel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter moves on only from a text field; elsewhere it opens, presses or picks."""
        if action == "next_field":
            return isinstance(self.focused, Input)
        return True

    def action_seats(self, count: int) -> None:
        """A digit, typed anywhere but in a text field, is the number of seats (if the game
        allows it)."""
        game = GAMES[self.game_id]
        if game.min_players <= count <= game.max_players:
            self.query_one("#seats", Select).value = count

    def action_next_field(self) -> None:
        """Enter in a seat's name goes on to the next seat's name (names are typed one
        after the other); in the last seat's name and in other text fields, to the next
        field, as Tab does."""
        field = self.focused
        if isinstance(field, NameInput):
            index = int(str(field.id).removeprefix("name-"))
            count = self.query_one("#seats", Select).value
            if isinstance(count, int) and index + 1 < count:
                # At once, as Tab moves it: letters in the same write go to the next name.
                self.set_focus(self.query_one(f"#name-{index + 1}", NameInput))
                return
        self.focus_next()

    def action_cancel(self) -> None:
        self.dismiss_once(None)

    def players(self) -> list[PlayerSpec]:
        count = self.query_one("#seats", Select).value
        assert isinstance(count, int)
        return [self.seat(i) for i in range(count)]

    def seat(self, index: int) -> PlayerSpec:
        """Who sits in seat `index` as filled in; only a computer keeps the level chosen."""
        kind = str(self.query_one(f"#kind-{index}", Select).value)
        level = str(self.query_one(f"#level-{index}", Select).value)
        return PlayerSpec(
            name=self.query_one(f"#name-{index}", Input).value.strip(),
            kind=kind,
            level=level if kind == "computer" else DEFAULT_LEVEL,
        )

    def action_start(self) -> None:
        """Validate everything, create and save the game, and hand the session back."""
        if self._dismissed or not self.is_current:
            return  # a key typed fast after the answer, or while another screen covers this
        try:
            seed_text = self.query_one("#seed", Input).value.strip()
            name = self.query_one("#save-name", Input).value.strip() or None
            players, options = self.players(), self.options()
            if not may_choose_seed(players, getattr(self.app, "player", None)):
                seed_text = ""  # typed before a registered player took a seat: not used
        except NoMatches:
            return  # Ctrl+S typed before the form is all mounted
        try:
            seed = parse_seed(seed_text) if seed_text else new_seed()
            if name is not None:
                validate_save_name(name)
            store = host(self).store
            session = GameSession.create(
                store,
                self.game_id,
                registered_names(players, store.root),
                seed,
                name=name,
                options=options,
                player=getattr(self.app, "player", None),
            )
        except (SetupError, SaveError, UnknownGame, OSError) as error:
            self.query_one("#form-error", Static).update(Text("! " + said(error), style="bold"))
            return
        keep_seats(players, getattr(self.app, "player", None))
        self.dismiss_once(session)
