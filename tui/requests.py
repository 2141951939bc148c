"""What a screen asks of the app that hosts it, as messages the app handles, and what it
reads of it (`Host`): screens never call into the app's own methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.dom import DOMNode
from textual.message import Message

if TYPE_CHECKING:
    from saves import SaveStore
    from tui.model import GameSession, Tables


@runtime_checkable
class Host(Protocol):
    """What screens read of the app: the store, the stored games as listed, and how long
    Enter is held after a privacy screen."""

    store: SaveStore
    tables: Tables
    handoff_guard: float


def host(node: DOMNode) -> Host:
    """The app `node` is part of, as screens read it."""
    app = node.app
    assert isinstance(app, Host), "screens run in the hotseat app"
    return app


class GoHome(Message):
    """Close the table (it is saved) and show the home screen."""


class PlayAgain(Message):
    """A rematch of `session`'s game: the same players, a new deal."""

    def __init__(self, session: GameSession[Any]) -> None:
        self.session = session
        super().__init__()


class OpenNewGame(Message):
    """Open the new-game dialog for `game_id`."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__()


class StartQuickGame(Message):
    """Start `game_id` at once: the person here against a normal computer."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__()


class OpenSave(Message):
    """Open the stored game `name`."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__()


class RecoverSave(Message):
    """Recover the damaged stored game `name` from its last good move."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__()
