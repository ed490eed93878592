"""Players' names on the board, and the keys that keep a name its owner's (no passwords).

A name is 1 to 24 printable characters in any script: no control characters, no format
characters (the bidirectional overrides U+202A–U+202E and isolates U+2066–U+2069, marks,
invisible separators), no line breaks, no space at either end. Zero-width joiners (U+200C,
U+200D) are kept inside a name: Persian, Indic scripts and emoji need them. A name must show
something: one made only of spaces, fillers (U+3164 and its kin), blank symbols (U+2800),
default-ignorable characters and combining marks looks empty on the board. The server stores a
name in its NFKC form (``normalised``), and that form must pass the same rules.

Two names are the same name when their NFKC case-folded forms are (``Ann`` and ``ANN``:
``canonical``), and a new name may not look like one already held: Unicode's confusable
skeleton (``skeleton``) puts ``Аlice`` with a Cyrillic А, ``A\\u200dlice`` and ``AIice`` with a
capital i beside ``Alice``. Its data is Unicode's own (``lookalikes.txt`` beside this module,
made by ``python -m game.tools.lookalikes``).

A name key is a random secret (32 URL-safe characters) that the first submission under a new
name is given, or brings (a client may make its own, 22–128 URL-safe characters, so a lost
answer loses nothing). It is stored hashed (scrypt with a salt of its own) and compared in
constant time.

>>> problem("Зоя"), problem("李小龍 the 2nd"), problem("👩‍🚀")
(None, None, None)
>>> problem(""), problem("x" * 25)
('a name is 1 to 24 characters', 'a name is 1 to 24 characters')
>>> problem("evil\\u202egnp")
'a name cannot hold U+202E (control or formatting characters)'
>>> problem("\\u3164\\u3164\\u3164")
'a name must show a character (it is only spaces, fillers, blanks, marks or joiners)'
>>> canonical("ANN") == canonical("ann")
True
>>> normalised("Ａｌｉｃｅ")
'Alice'
>>> skeleton("Аlice") == skeleton("alice") == skeleton("A\\u200dlice"), skeleton("rn") == skeleton("m")
(True, True)
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
import unicodedata
from pathlib import Path
from typing import TypeGuard

MAX_NAME = 24
JOINERS = {"\u200c", "\u200d"}
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,128}")
LOOKALIKES = Path(__file__).with_name("lookalikes.txt")
BLANK_SYMBOLS = {"\u2800": " ", "\U0001d159": " "}
"""Symbols drawn as empty space that Unicode calls neither a space nor default-ignorable (U+2800
BRAILLE PATTERN BLANK, U+1D159 MUSICAL SYMBOL NULL NOTEHEAD), and the space a skeleton reads them
as: ``Bob\\u2800Smith`` looks like ``Bob Smith``."""


def problem(name: object) -> str | None:
    """Why ``name`` cannot be a name on the board, or None when it can. The form the server
    stores (``normalised``) is checked too: NFKC spells ``‾`` as a space and a combining mark."""
    if not isinstance(name, str):
        return "the name is not text"
    return _problem(name) or _problem(normalised(name))


def _problem(name: str) -> str | None:
    if not 1 <= len(name) <= MAX_NAME:
        return f"a name is 1 to {MAX_NAME} characters"
    return _unprintable(name) or _shapeless(name)


def _unprintable(name: str) -> str | None:
    """The first character with no glyph or no fixed meaning (controls, format characters,
    private use, unassigned), joiners apart."""
    for char in name:
        if char in JOINERS:
            continue
        if not char.isprintable() and char != " ":
            return f"a name cannot hold U+{ord(char):04X} (control or formatting characters)"
        if unicodedata.category(char) in ("Co", "Cn", "Cs"):
            return f"a name cannot hold U+{ord(char):04X} (unassigned or private use)"
    return None


def _shapeless(name: str) -> str | None:
    """A name that would not show on the board as a name: nothing visible, or blank edges
    that make it look like another name with a space beside it."""
    if all(_invisible(char) for char in name):
        return "a name must show a character (it is only spaces, fillers, blanks, marks or joiners)"
    if _blank(name[0]) or _blank(name[-1]) or name[0] in JOINERS or name[-1] in JOINERS:
        return "a name cannot begin or end with a space, a filler, a blank or a joiner"
    if unicodedata.category(name[0]).startswith("M"):
        return "a name cannot begin with a combining mark"
    return None


def _blank(char: str) -> bool:
    """Shows as empty space: a space, a blank symbol, or a filler (the Hangul fillers U+115F,
    U+1160, U+3164, U+FFA0: letters that Unicode makes default-ignorable, yet printable)."""
    return char.isspace() or char in BLANK_SYMBOLS or (_ignorable(char) and unicodedata.category(char) == "Lo")


def _invisible(char: str) -> bool:
    """Shows nothing of its own: a blank, a default-ignorable character (joiners, variation
    selectors, …), or a combining mark, which only marks the character before it."""
    return _blank(char) or _ignorable(char) or unicodedata.category(char).startswith("M")


def _ignorable(char: str) -> bool:
    """Unicode's Default_Ignorable_Code_Point: the table maps exactly those to nothing."""
    return _lookalikes().get(char) == ""


def normalised(name: str) -> str:
    """The form a name is stored and shown in: NFKC, so that ``Ａｌｉｃｅ`` (fullwidth) and
    ``ﬁ`` (a ligature) are written with the letters everyone else uses."""
    return unicodedata.normalize("NFKC", name)


def canonical(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded."""
    return normalised(name).casefold()


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names of one skeleton are one name to a reader.

    Unicode's confusable skeleton (UTS #39 §4: NFD, each character replaced by its prototype
    from confusables.txt, NFD) with the default-ignorable characters dropped (a joiner between
    two letters shows nothing), of the stored form (``normalised``). Case-folded, then mapped
    once more, so that a capital's look-alikes count (``I`` is ``l``) and a small letter's
    (``M`` folds to ``m``, which is ``rn``). It reads a name as written: ``ALlCE`` looks like
    ``ALICE``, not ``Alice``; names that differ only in case are one name (``canonical``).
    """
    return _prototyped(_prototyped(normalised(name)).casefold())


def _prototyped(text: str) -> str:
    lookalikes = _lookalikes()
    mapped = "".join(lookalikes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.cache
def _lookalikes() -> dict[str, str]:
    """Each character a skeleton replaces, and by what (nothing: default-ignorable), read once
    from ``lookalikes.txt`` on first use: the game never needs it, the server on every name."""
    table: dict[str, str] = {}
    for line in LOOKALIKES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            codes, _, prototype = line.partition(";")
            first, _, last = codes.strip().partition("..")
            replacement = "".join(chr(int(code, 16)) for code in prototype.split())
            table.update(dict.fromkeys(map(chr, range(int(first, 16), int(last or first, 16) + 1)), replacement))
    return table | BLANK_SYMBOLS


def new_key() -> str:
    return secrets.token_urlsafe(24)


def is_key(text: object) -> TypeGuard[str]:
    """A name key a client may bring: 22 to 128 URL-safe characters."""
    return isinstance(text, str) and KEY_PATTERN.fullmatch(text) is not None


def hashed(key: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    """``(salt, hash)`` of ``key``: scrypt (n=2**14, r=8, p=1), a fresh 16-byte salt unless given."""
    salt = secrets.token_bytes(16) if salt is None else salt
    return salt, hashlib.scrypt(key.encode("utf-8"), salt=salt, n=2**14, r=8, p=1, dklen=32)


def matches(key: object, salt: bytes, key_hash: bytes) -> bool:
    """``key`` is the one hashed as ``key_hash`` (constant time)."""
    if not is_key(key):
        return False
    assert isinstance(key, str)
    return hmac.compare_digest(hashed(key, salt)[1], key_hash)
