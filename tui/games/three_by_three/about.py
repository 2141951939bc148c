"""3 x 3 as the app lists, says and explains it."""

from tui.catalog import GameUI

ABOUT = GameUI(
    screen="ThreeByThreeScreen",
    order=3,
)
