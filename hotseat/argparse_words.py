"""argparse's own words ("usage:", "options", its error messages) in the player's language.

argparse fetches each of them when it needs it with `gettext.gettext` from Python's
default domain, which hotseat has no catalog for. `speak_our_language` routes those
look-ups to hotseat's catalog, where ARGPARSE_WORDS marks argparse's messages for
translation, spelled exactly as argparse asks for them. English is the source language of
the catalog, so in English argparse says what it always says, word for word.
"""

from __future__ import annotations

import argparse

from tui.i18n import N_, _, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_('argument "-" with mode %r'),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
    N_(".__call__() not defined"),
    N_("'required' is an invalid argument for positionals"),
    N_("mutually exclusive arguments must be optional"),
    N_("%r is not callable"),
    N_("cannot merge actions - two groups are named %r"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("dest= is required for options like %r"),
    N_("invalid conflict_resolution value: %r"),
    N_("cannot have multiple subparser arguments"),
    N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"),
)
"""Every message argparse (Python 3.11 to 3.14) fetches with gettext, as it spells it;
the last ones are mistakes in a program's own parser, which a player never meets."""


def speak_our_language() -> None:
    """Let argparse fetch its words from hotseat's catalog, in the current language, from
    now on (its plural messages too, should the catalog ever hold one)."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
