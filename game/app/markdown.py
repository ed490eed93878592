"""Markdown as plain lines for a screen (the Credits screen reads ``assets/CREDITS.md``).

Only what the credits use: headings, paragraphs (soft line breaks joined), list items, bold
and italics dropped, links as "text (address)", ``<address>`` as the address, code without
its backticks. No pygame: the result is words, wrapped by whoever draws them.

>>> as_lines("# Credits\\n\\n## Sprites\\n\\nIcons by **Lorc**, under\\n[CC BY 3.0](https://cc.org/by/3.0/)."
...          "\\n\\n- `bat` — <https://game-icons.net>", drop_title="Credits")
[('Sprites', True), ('', False), ('Icons by Lorc, under CC BY 3.0 (https://cc.org/by/3.0/).', False), ('', False), \
('• bat — https://game-icons.net', False)]
"""

from __future__ import annotations

import re

_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_CODE = re.compile(r"`+([^`]*)`+")
_STRONG = re.compile(r"(\*\*|__)(.+?)\1")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")


def inline(text: str) -> str:
    """One line's inline Markdown as plain text.

    >>> inline("**game-icons.net** ([site](https://game-icons.net)), `python -m x`, *so*")
    'game-icons.net (site (https://game-icons.net)), python -m x, so'
    """
    codes: list[str] = []

    def keep(match: re.Match[str]) -> str:  # code is literal: nothing inside it is markup
        codes.append(match.group(1))
        return f"\0{len(codes) - 1}\0"

    text = _CODE.sub(keep, text)
    text = _LINK.sub(lambda m: f"{m.group(1)} ({m.group(2)})" if m.group(1) != m.group(2) else m.group(2), text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    text = _EMPHASIS.sub(r"\1", text)
    return re.sub("\0(\\d+)\0", lambda m: codes[int(m.group(1))], text)


def as_lines(source: str, drop_title: str = "") -> list[tuple[str, bool]]:
    """``source`` as ``(line, is_heading)`` pairs: one per heading, paragraph and list item,
    ``("", False)`` between blocks. A first heading equal to ``drop_title`` is left out (the
    screen shows its own title)."""
    lines: list[tuple[str, bool]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            lines.append((inline(" ".join(paragraph)), False))
            paragraph.clear()

    def gap() -> None:
        if lines and lines[-1] != ("", False):
            lines.append(("", False))

    for raw in source.splitlines():
        line = raw.strip()
        heading, item = _HEADING.match(line), _ITEM.match(raw)
        if not line:
            flush()
            gap()
        elif heading:
            flush()
            words = inline(heading.group(2))
            if not lines and words.casefold() == drop_title.casefold():
                continue
            gap()
            lines.append((words, True))
        elif item:
            flush()
            paragraph.append("• " + item.group(1).strip())  # the lines after it continue it
        else:
            paragraph.append(line)
    flush()
    while lines and lines[-1] == ("", False):
        lines.pop()
    while lines and lines[0] == ("", False):
        lines.pop(0)
    return lines
