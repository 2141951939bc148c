"""hotseat's terminal interface: the Textual app, its screens and widgets."""
