"""The words of the save store's messages, by code (saves.errors): each an English
template marked for the catalog, with the fields of its message as placeholders, said in
the player's language by `tui.words.saves`. The command line's and the app's own
refusals about saves (a SaveError they raise) have their words here too."""

from __future__ import annotations

from collections.abc import Callable

from tui.i18n import N_, ngettext

WORDS: dict[str, str] = {
    "database-check-failed": N_(
        "{path} is damaged (SQLite's check of the whole file failed); it was left as "
        "it is (hotseat export NAME still copies out a game that reads)"
    ),
    "failed-doing": N_("{doing}: {problem}"),
    "at-source": N_("{source}: {problem}"),
    "database-locked": N_(
        "{path} is locked by another program (waited {seconds} s); nothing was changed"
    ),
    "another-programs-database": N_("{path} is another program's database; it was left as it is"),
    "save-folder-not-a-folder": N_("cannot write saves in {folder}: it is not a folder"),
    "cannot-copy-log": N_("cannot copy the log into the database"),
    "database-text-not-utf8": N_(
        "{path} is damaged (a stored text is not UTF-8); it was left as it is"
    ),
    "not-a-hotseat-database": N_("{path} is not a hotseat database; it was left as it is"),
    "database-damaged": N_("{path} is damaged ({error}); it was left as it is"),
    "database-permission-denied": N_("cannot read {path}: permission denied; it was left as it is"),
    "save-folder-read-only": N_("cannot write saves in {folder}: the folder or file is read-only"),
    "disk-full": N_("the disk is full: {path} was not changed"),
    "database-not-a-regular-file": N_("{path} is not a hotseat database (not a regular file)"),
    "database-newer": N_(
        "{path} was written by a newer hotseat (database version {version}, this one "
        "knows up to {known}); it was left as it is"
    ),
    "cannot-write-saves": N_("cannot write saves in {folder}: {reason}"),
    "empty-database-started-afresh": N_("{path} was empty (0 bytes) and is started afresh"),
    "no-write-ahead-log": N_("{path}: cannot use a write-ahead log here ({mode})"),
    "taken-over": N_("This game was taken over by another terminal"),
    "report-and-failures": N_("{report}; {failures}"),
    "source-cannot-be-read": N_("{source}: cannot be read ({reason})"),
    "too-large-mb": N_("too large: {size:.1f} MB"),
    "cannot-import-old-saves": N_("cannot import old saves"),
    "source-is-a-folder": N_("{source}: is a folder, not a save file"),
    "source-not-a-regular-file": N_("{source}: is not a regular file"),
    "bad-save-name": N_("{name} is not a valid save name: {reason}"),
    "empty": N_("it is empty"),
    "longer-than": N_("it is longer than {most} characters"),
    "path-separator": N_("it must not contain a path separator"),
    "dot-dot": N_("it must not contain '..'"),
    "unprintable-character": N_("it has a character that does not print ({character})"),
    "must-start-with-letter-or-digit": N_("it must start with a letter or digit"),
    "letters-digits-only": N_("only letters, digits, '-', '_' and '.' are allowed"),
    "not-nfc": N_("its accents are separate characters (write it in NFC form)"),
    "too-many-accents": N_("it piles more than {most} accents on one letter"),
    "ends-in-dot": N_("it must not end in '.'"),
    "windows-device-name": N_("{device} is a device name on Windows"),
    "must-be-text": N_("it must be text"),
    "bad-ending": N_("it must not end in {ending}"),
    "is-a-folder": N_("it is a folder"),
    "not-a-file": N_("it is not a file"),
    "file-not-folder": N_("{path} is a file, not a folder"),
    "cannot-read-file": N_("cannot read {file}: {reason}"),
    "registry-newer": N_("it is version {version}, newer than this hotseat reads"),
    "registry-damaged": N_("{file} is damaged ({why})"),
    "unprintable": N_("it has characters that are not printable text"),
    "space-around": N_("it begins or ends with a space"),
    "colon-in-name": N_("a colon marks the kind of player in --players (cpu:, cpu-easy:, remote:)"),
    "comma-in-name": N_("commas separate the names in --players"),
    "dash-first": N_("it begins with a dash, as command-line options do"),
    "too-large": N_("it is too large"),
    "registry-no-format-marker": N_("it has no {format} format marker"),
    "not-a-list-of-players": N_("it is not a list of players"),
    "name-registered-twice": N_("a name is registered twice"),
    "key-registered-twice": N_("a key is registered twice"),
    "player-not-name-key-date": N_("a player is not a name, a key and a date"),
    "bad-stored-player-name": N_("{name} is not a valid player name"),
    "stored-key-not-ssh": N_("the key of {name} is not an SSH public key"),
    "added-not-a-time": N_("the date {name} was added is not a time"),
    "cannot-write-file": N_("cannot write {file}: {reason}"),
    "not-json": N_("it is not JSON"),
    "damaged-save": N_("{source}: damaged save ({reason})"),
    "not-hotseat-save": N_("{source}: not a hotseat save ({reason})"),
    "any-of": N_("{items} or {last}"),
    "kind-null": N_("null"),
    "newer-format": N_("{source}: saved by a newer hotseat (format version {version})"),
    "unknown-format-version": N_("{source}: unknown save format version {version}"),
    "rules-version-below-1": N_("rules_version must be 1 or more"),
    "no-players": N_("players must not be empty"),
    "not-a-list": N_("{field} must be a list, not {kind}"),
    "not-an-object": N_("{field} must be an object, not {kind}"),
    "not-a-name-or-null": N_("{field} must be a name or null, not {kind}"),
    "not-true-or-false": N_("{field} must be true or false"),
    "not-text": N_("{field} must be text, not {kind}"),
    "field-empty": N_("{field} must not be empty"),
    "not-a-whole-number": N_("{field} must be a whole number, not {kind}"),
    "seed-out-of-range": N_("{field} must be a whole number from 0 below 2**512"),
    "no-time-zone": N_("{field} must include a time zone"),
    "kind-true-false": N_("true/false"),
    "kind-whole-number": N_("a whole number"),
    "kind-number": N_("a number"),
    "kind-text": N_("text"),
    "kind-list": N_("a list"),
    "kind-object": N_("an object"),
    "file-empty": N_("the file is empty"),
    "truncated": N_("the file ends early at line {line}; truncated?"),
    "not-json-at-line": N_("not valid JSON at line {line}"),
    "json-is": N_("the JSON is {kind}"),
    "no-format-marker": N_("no {marker} format marker"),
    "unexpected-field": N_("unexpected field {field}"),
    "field-missing": N_("field {field} is missing"),
    "not-a-player": N_("{field} must be an object with name, kind and level"),
    "bad-player-kind": N_("{field} must be 'human', 'computer' or 'remote', not {value}"),
    "not-one-of": N_("{field} must be {choices}, not {value}"),
    "move-not-a-pair": N_("move {number} must be a [seat, action] pair"),
    "not-a-time": N_("{field} must be an ISO 8601 time, not {value}"),
    "not-utf8": N_("not UTF-8 text"),
    "not-valid-json": N_("not valid JSON"),
    "newer-rules": N_("saved by a newer hotseat ({title} rules version {version})"),
    "older-rules": N_("saved with older {title} rules (version {version}, now {current})"),
    "move-bad-seat": N_("move {number} has no valid seat ({seat})"),
    "move-seat-not-held": N_("move {number} names seat {seat}, which no player of this game holds"),
    "nothing-resumable": N_("no earlier moves to resume"),
    "setup-failed": N_("the game cannot be set up ({error})"),
    "not-a-move-of-game": N_("move {number} is not a {title} move ({reason})"),
    "move-not-legal": N_("move {number} is not legal ({reason})"),
    "move-not-replayable": N_("move {number} cannot be replayed ({error})"),
    "move-and-resumable": N_("{move}; {resumable}"),
    "name-taken-in-other-case": N_(
        "a save called {taken} already exists ({name} differs only in case)"
    ),
    "no-such-save": N_("no save called {name} in {folder}"),
    "name-taken": N_("a save called {name} already exists"),
    "cannot-save": N_("cannot save"),
    "cannot-list-saves": N_("cannot list saves"),
    "cannot-read-moves": N_("cannot read moves"),
    "seat-not-held": N_("seat {seat} is not open in this terminal"),
    "move-not-saved": N_("the move was not saved"),
    "cannot-store-checkpoint": N_("cannot store a checkpoint"),
    "not-damaged": N_("{name} is not damaged; there is nothing to recover"),
    "nothing-recoverable": N_("{name}: no moves can be recovered"),
    "cannot-open-game": N_("cannot open the game"),
    "stored-not-utf8": N_("a stored field is not UTF-8 text"),
    "move-missing": N_("move {number} is missing from the database"),
    "stored-not-json-text": N_("a stored field is not JSON text"),
    "move-played-elsewhere": N_("another terminal played move {number} first"),
    "cannot-open": N_("cannot open {name}"),
    "stored-not-valid-json": N_("a stored field is not valid JSON"),
    "move-number": N_("move {number}"),
    "all-of": N_("{items} and {last}"),
    "no-seat": N_("{player} has no seat at {save}"),
    "no-such-player": N_("{save} has no player {name} (players: {players})"),
    "closed-here": N_("This game is closed in this terminal"),
    "recover-needs-name": N_("--recover needs the name of the damaged save"),
    "no-tables-yet": N_("{player} has no tables yet: hotseat new starts one"),
    "no-saved-games": N_("no saved games in {folder}"),
    "every-game-over": N_(
        "every saved game is over: hotseat list shows them, hotseat resume {name} "
        "opens one, hotseat new starts a game"
    ),
    "name-placeholder": N_("NAME"),
    "export-to-folder": N_("{file} is a folder; name the file to write"),
    "export-file-exists": N_("{file} already exists; nothing was written"),
}
"""The template of each code without a plural form."""

PLURALS: dict[str, Callable[[int], str]] = {
    "imported-old-saves": lambda count: ngettext(
        "imported {count} old save file from {folder} into {database} (the .json "
        "files are left as they were)",
        "imported {count} old save files from {folder} into {database} (the .json "
        "files are left as they were)",
        count,
    ),
    "old-saves-not-imported": lambda count: ngettext(
        "{count} could not be imported ({files}): try hotseat import FILE",
        "{count} could not be imported ({files}): try hotseat import FILE",
        count,
    ),
    "longer-than-count": lambda count: ngettext(
        "it is longer than {count} character", "it is longer than {count} characters", count
    ),
    "seed-blob": lambda count: ngettext(
        "{field} must be a whole number, not a blob of {count} byte",
        "{field} must be a whole number, not a blob of {count} bytes",
        count,
    ),
    "moves-resumable": lambda count: ngettext(
        "move 1 can be resumed as a new save", "moves 1-{count} can be resumed as a new save", count
    ),
    "seats-held": lambda count: ngettext(
        "{save} is open in another terminal: {terminals}",
        "{save} is open in {count} other terminals: {terminals}",
        count,
    ),
    "foreign-files-moved": lambda count: ngettext(
        "{names} beside {database} is not its own, so never applied to it: moved "
        "aside, untouched, as {targets}",
        "{names} beside {database} are not its own, so never applied to it: moved "
        "aside, untouched, as {targets}",
        count,
    ),
}
"""The template of each code with a plural form, chosen by its field `count`, in the
player's language."""
