"""The message log: what happened, newest last, with a tone for its colour."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.world.fields import MAX_COUNT, MAX_TEXT, Fields, Where, as_choice, as_int, as_list, as_str, at, fail

TONES = ("info", "good", "bad", "notice")
MAX_LIMIT = 10_000


QUOTE = "The player's note: "
"""How a note read from a recording is shown: its words are the player's, not the game's."""


@dataclass(frozen=True)
class Message:
    text: str
    tone: str  # one of TONES; the renderer picks the colour
    turn: int
    quoted: bool = field(default=False, compare=False)
    """A note replayed from a recording (``game.run.replay``): anyone could have written it, so
    it is shown as the player's words, in the plain tone. Not saved, not in the state's digest."""

    @property
    def shown(self) -> str:
        return QUOTE + self.text if self.quoted else self.text

    @property
    def shown_tone(self) -> str:
        return "info" if self.quoted else self.tone


class MessageLog:
    """Keeps the last ``limit`` messages; repeated messages are folded (``x3``)."""

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self.messages: list[Message] = []
        self.repeats: list[int] = []
        self.version = 0  # bumped on every change, so the HUD can cache its picture

    def add(self, text: str, tone: str = "info", turn: int = 0, quoted: bool = False) -> None:
        if tone not in TONES:
            raise ValueError(f"unknown tone {tone!r}")
        if self.messages and self.messages[-1].text == text and self.messages[-1].quoted == quoted:
            self.repeats[-1] += 1
        else:
            self.messages.append(Message(text, tone, turn, quoted))
            self.repeats.append(1)
            if len(self.messages) > self.limit:
                del self.messages[0], self.repeats[0]
        self.version += 1

    def last(self, count: int) -> list[tuple[Message, int]]:
        """The newest ``count`` messages with their repeat counts, oldest first."""
        pairs = list(zip(self.messages, self.repeats))
        return pairs[-count:] if count > 0 else []

    def to_dict(self) -> dict[str, Any]:
        return {"limit": self.limit,
                "messages": [[m.text, m.tone, m.turn, r] for m, r in zip(self.messages, self.repeats)]}

    @classmethod
    def from_dict(cls, data: Any, where: Where = "log") -> MessageLog:
        """A log from ``to_dict`` data, checked (``SaveError``)."""
        fields = Fields(data, where)
        log = cls(fields.integer("limit", 1, MAX_LIMIT))
        entries = fields.entries("messages")
        if len(entries) > log.limit:
            fail(fields.path("messages"), f"{len(entries)} messages is more than the limit {log.limit}")
        for entry, path in entries:
            text, tone, turn, repeats = as_list(entry, path, 4)
            if not (type(text) is str and tone in TONES and type(turn) is int and type(repeats) is int
                    and len(text) <= MAX_TEXT and 0 <= turn <= MAX_COUNT and 1 <= repeats <= MAX_COUNT):
                text, tone = as_str(text, at(path, 0)), as_choice(tone, at(path, 1), TONES, "tone")
                turn, repeats = as_int(turn, at(path, 2), 0, MAX_COUNT), as_int(repeats, at(path, 3), 1, MAX_COUNT)
            log.messages.append(Message(text, tone, turn))
            log.repeats.append(repeats)
        return log
