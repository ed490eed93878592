"""Players' names on the board, and the keys that keep a name its owner's (no passwords).

A name is 1 to 24 printable characters in any script: no control characters, no format
characters (the bidirectional overrides U+202A–U+202E and isolates U+2066–U+2069, marks,
invisible separators), no line breaks, no space at either end. Zero-width joiners (U+200C,
U+200D) are kept inside a name: Persian, Indic scripts and emoji need them. Two names are the
same name when their NFKC case-folded forms are (``Ann`` and ``ANN``).

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
>>> canonical("ANN") == canonical("ann")
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from typing import TypeGuard

MAX_NAME = 24
JOINERS = {"\u200c", "\u200d"}
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{22,128}")


def problem(name: object) -> str | None:
    """Why ``name`` cannot be a name on the board, or None when it can."""
    if not isinstance(name, str):
        return "the name is not text"
    if not 1 <= len(name) <= MAX_NAME:
        return f"a name is 1 to {MAX_NAME} characters"
    for char in name:
        if char in JOINERS:
            continue
        if not char.isprintable() and char != " ":
            return f"a name cannot hold U+{ord(char):04X} (control or formatting characters)"
        if unicodedata.category(char) in ("Co", "Cn", "Cs"):
            return f"a name cannot hold U+{ord(char):04X} (unassigned or private use)"
    if name != name.strip() or name[0] in JOINERS or name[-1] in JOINERS:
        return "a name cannot begin or end with a space or a joiner"
    if unicodedata.category(name[0]).startswith("M"):
        return "a name cannot begin with a combining mark"
    return None


def canonical(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


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
