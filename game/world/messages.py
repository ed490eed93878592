"""The message log: what happened, newest last, with a tone for its colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TONES = ("info", "good", "bad", "notice")


@dataclass(frozen=True)
class Message:
    text: str
    tone: str  # one of TONES; the renderer picks the colour
    turn: int


class MessageLog:
    """Keeps the last ``limit`` messages; repeated messages are folded (``x3``)."""

    def __init__(self, limit: int = 200) -> None:
        self.limit = limit
        self.messages: list[Message] = []
        self.repeats: list[int] = []
        self.version = 0  # bumped on every change, so the HUD can cache its picture

    def add(self, text: str, tone: str = "info", turn: int = 0) -> None:
        if tone not in TONES:
            raise ValueError(f"unknown tone {tone!r}")
        if self.messages and self.messages[-1].text == text:
            self.repeats[-1] += 1
        else:
            self.messages.append(Message(text, tone, turn))
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
    def from_dict(cls, data: dict[str, Any]) -> MessageLog:
        log = cls(int(data["limit"]))
        for text, tone, turn, repeats in data["messages"]:
            log.messages.append(Message(str(text), str(tone), int(turn)))
            log.repeats.append(int(repeats))
        return log
