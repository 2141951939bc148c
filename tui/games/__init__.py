"""The UI package of each game, `tui.games.<engine module>`: its description (`about`),
words, help and table, found from the catalog by `tui.catalog`."""
