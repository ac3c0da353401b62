"""Numbers as card texts print them: digits, or the words the readers' patterns allow ("a card", "two
cards"). Each reader's patterns say which words its game uses; this turns any of them into an int."""

from __future__ import annotations

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def number(text: str) -> int:
    """ "2" -> 2, "two" -> 2, "a" -> 1 (any case)."""
    return int(text) if text.isdigit() else _WORDS[text.lower()]
