"""Screens that every game shares: home, new game, handoff, help, game over."""
