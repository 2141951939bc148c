"""Widgets shared by the game screens: cards, hands, piles, seats, the log."""
