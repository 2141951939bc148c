"""Xylotar as the app lists, says and explains it."""

from tui.catalog import GameUI
from tui.i18n import N_

ABOUT = GameUI(
    screen="XylotarScreen",
    order=2,
    option_words={
        "sorting_memory": (
            N_("Sorting memory"),
            N_("Sorters see the hands they sorted [ours]."),
        ),
    },
)
