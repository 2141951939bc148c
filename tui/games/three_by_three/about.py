"""3 x 3 as the app lists, says and explains it."""

from tui.games import GameUI

ABOUT = GameUI(
    screen="ThreeByThreeScreen",
    words="tui.words.three_by_three",
    help_file="three_by_three.md",
    order=3,
)
