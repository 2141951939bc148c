"""The `hotseat` command line, on top of every other package: it starts the app (`tui`)
and, for the commands that need it, the host and its registry of players (`remote`)."""
