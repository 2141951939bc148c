"""Names that look alike: the skeletons of Unicode Technical Standard #39 (Unicode Security
Mechanisms, section 4 "Confusable Detection"), so "Аnn" with a Cyrillic А cannot sit
beside, or register as, "Ann".

The data is Unicode's own confusables.txt, Version 17.0.0, shipped unchanged beside this
module (https://www.unicode.org/Public/security/17.0.0/confusables.txt, sha256
091c7f82fc39ef208faf8f94d29c244de99254675e09de163160c810d13ef22a); its terms of use are
at https://www.unicode.org/terms_of_use.html. It is read once, when a name is first
compared.
"""

from __future__ import annotations

import functools
import unicodedata

from rules.names import is_default_ignorable

DATA = "confusables.txt"


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character and the prototype it looks like ("А" -> "A", "m" -> "rn")."""
    from importlib import resources  # with the data, when a name is first compared

    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    table = {}
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            source, target = (field.strip() for field in entry.split(";")[:2])
            table[chr(int(source, 16))] = "".join(chr(int(p, 16)) for p in target.split())
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of `text`: NFD, default-ignorable characters removed, each
    character replaced by its prototype, NFD again. Two strings whose skeletons are equal
    are confusable."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(ch, ch) for ch in decomposed if not is_default_ignorable(ch))
    return unicodedata.normalize("NFD", mapped)


def look_alike(one: str, other: str) -> bool:
    """True if the two names are confusable, as written or with case ignored ("Аnn" and
    "ANN" as much as "Аnn" and "Ann")."""
    return skeleton(one) == skeleton(other) or skeleton(one.casefold()) == skeleton(
        other.casefold()
    )
