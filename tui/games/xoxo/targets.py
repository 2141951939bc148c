"""XOXO seats: each player's name, met count, stack and targets as that viewer may see them.

On a small terminal a seat is a few lines of words, broken only between phrases (a name,
a count, a target), never inside one, so a 24-character name or three met targets still
read whole. With room (`cards`), the targets lie as cards: the viewer's own face up, the
others' backs naming the kind they reveal (colour, shape or face), as on the real backs;
a met target face up in a heavy frame.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.xoxo import KINDS, VALUES, Kind, SeatView, StackView, TargetView, XoxoView
from tui.games.xoxo.tiles import tile_short
from tui.games.xoxo.words import value_word
from tui.i18n import _, pgettext
from tui.widgets.playing_cards import Canvas

INDENT = "  "


class TargetPanel(Widget):
    """The general stack, then per seat: turn mark, name, met count, stack, targets; as
    cards when `cards` is set."""

    DEFAULT_CSS = "TargetPanel { height: auto; }"

    view: reactive[XoxoView | None] = reactive(None, layout=True)
    """The view drawn; None until the table hands it one."""
    cards: reactive[bool] = reactive(False, layout=True)

    def render(self) -> Text:
        return self.panel(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.panel(width).split())

    def panel(self, width: int) -> Text:
        """The panel `width` cells wide, as cards or as words; empty before any view."""
        if self.view is None:
            return Text("")
        if self.cards:
            return cards_text(self.view, width)
        return panel_text(self.view, width)


CARD_WIDTH = 11
"""The narrowest target card; a card is as wide as its longest word needs."""
CARD_LINES = 4
_FRAMES = {"own": "╭─╮│╰╯", "back": "╭┄╮┆╰╯", "met": "┏━┓┃┗┛"}


def kind_word(kind: Kind) -> str:
    """The kind of value a target card's back reveals: "colour", "shape", "face"."""
    return {
        "colour": pgettext("xoxo kind", "colour"),
        "shape": pgettext("xoxo kind", "shape"),
        "face": pgettext("xoxo kind", "face"),
    }[kind]


def card_width() -> int:
    """Wide enough for every word a target card may show in the current language."""
    words = [value_word(v) for v in VALUES] + [kind_word(k) for k in KINDS] + [_("MET")]
    return max(CARD_WIDTH, 2 + max(cell_len(word) for word in words))


def target_card(target: TargetView, width: int = CARD_WIDTH) -> list[list[tuple[str, Style]]]:
    """A target card `width` cells wide: its value and kind face up (heavy when met), or a
    back naming the kind it reveals."""
    value, kind, met = target["value"], kind_word(target["kind"]), target["met"]
    kind_of_frame = "met" if met else "own" if value is not None else "back"
    frame = Style(bold=met, dim=value is None)
    top_left, line, top_right, side, bottom_left, bottom_right = tuple(_FRAMES[kind_of_frame])
    inner = width - 2
    if value is None:
        body = [("░" * inner, Style(dim=True)), (kind.center(inner), Style(italic=True))]
    else:
        word = Style(bold=True, reverse=met)
        label = _("MET") if met else kind
        body = [(value_word(value).center(inner), word), (label.center(inner), Style())]
    rows = [[(top_left, frame), *[(line, frame)] * inner, (top_right, frame)]]
    for text, style in body:
        rows.append([(side, frame), *[(char, style) for char in text[:inner]], (side, frame)])
    rows.append([(bottom_left, frame), *[(line, frame)] * inner, (bottom_right, frame)])
    return rows


def cards_text(view: XoxoView, width: int) -> Text:
    """The panel with the targets as cards: per seat a line with the name and met count,
    a line with the stack, then the target cards side by side."""
    lines = [stack_text(general_label(), view["general"]), Text("")]
    wide = card_width()
    for seat, info in enumerate(view["seats"]):
        head, stack, *_rest = seat_lines(view, seat, max(width, 1))
        lines += [head, stack]
        canvas = Canvas(max(width, wide), CARD_LINES)
        for number, target in enumerate(info["targets"]):
            canvas.place(target_card(target, wide), 2 + number * (wide + 1), 0)
        lines += canvas.text().split()
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


def phrase_lines(phrases: Iterable[Text], width: int, separator: str = " ") -> list[Text]:
    """Phrases joined by `separator`, broken into lines of at most `width` cells between
    phrases only; later lines are indented. A phrase longer than a line gets a line alone."""
    lines: list[Text] = []
    line = Text()
    for phrase in phrases:
        if not line.plain:
            line.append_text(phrase)
        elif line.cell_len + len(separator) + phrase.cell_len <= width:
            line.append(separator)
            line.append_text(phrase)
        else:
            lines.append(line)
            line = Text(INDENT) + phrase
    lines.append(line)
    return lines


def met_values(info: SeatView) -> list[str]:
    """The values of a seat's met targets, in the order of its cards."""
    # A met target is face up for everyone: its value is never None.
    return [t["value"] for t in info["targets"] if t["met"] and t["value"] is not None]


def general_label() -> str:
    """The general stack's name in the panel."""
    return pgettext("xoxo panel", "General")


def stack_text(label: str, stack: StackView) -> Text:
    """A stack: its label, how many tiles it holds and its top tile (or "empty")."""
    text = Text(f"{label} {stack['count']:>2}: ")
    if stack["top"] is None:
        text.append(_("empty"), style="italic")
    else:
        text.append_text(tile_short(stack["top"]))
    return text


def target_text(target: TargetView) -> Text:
    """A target as this viewer may know it: "(shape)" when only its kind shows, its value
    when known, and "value MET" once met."""
    if target["value"] is None:
        return Text.assemble((f"({kind_word(target['kind'])})", "dim"))
    value = value_word(target["value"])
    if target["met"]:
        return Text.assemble((_("{value} MET").format(value=value), "bold reverse"))
    return Text.assemble((value, "bold"))


def seat_lines(view: XoxoView, seat: int, width: int) -> list[Text]:
    """One seat: "> Name  met 1/3", its stack ("your stack" for the viewer), its targets."""
    info = view["seats"][seat]
    turn = seat in view["to_act"]
    head = [
        Text("> " if turn else "  ", style="bold")
        + Text(info["name"], style="bold reverse" if turn else "bold"),
        Text(_("met {met}/{count}").format(met=info["met"], count=len(info["targets"]))),
    ]
    if seat in view["winners"]:
        head.append(Text(_("WINS"), style="bold"))
    label = pgettext("xoxo panel", "your stack") if seat == view["seat"] else _("stack")
    targets = [target_text(t) for t in info["targets"]]
    for target in targets[:-1]:
        target.append(",")
    return [
        *phrase_lines(head, width, "  "),
        Text(INDENT) + stack_text(label, info["stack"]),
        *phrase_lines([Text(INDENT) + targets[0], *targets[1:]], width, " "),
    ]


def panel_text(view: XoxoView, width: int) -> Text:
    """The whole panel as lines of at most `width` cells (where phrases allow)."""
    lines = [stack_text(general_label(), view["general"])]
    for seat in range(len(view["seats"])):
        lines += seat_lines(view, seat, max(width, 1))
    text = Text("\n").join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text
