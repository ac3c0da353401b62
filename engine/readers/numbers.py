"""Numbers as card texts print them: digits, or the words the readers' patterns allow ("a card", "two
cards"). Each reader's patterns say which words its game uses; this turns any of them into an int.

Japanese cards print digits and punctuation full width or half width (the stored copies of the rules
convert some of them), so the Japanese readers read a text with `half_width` first: "カード１枚" and
"カード1枚", "登場時：" and "登場時:" are one wording."""

from __future__ import annotations

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
# Full-width digits, colon, brackets, plus and minus signs, comma and space; not 、 or 。, which have no
# half-width form a card would print (the readers' patterns take 、 and , alike), nor ① (a cost icon).
_HALF_WIDTH = str.maketrans("０１２３４５６７８９：（）＋－，　", "0123456789:()+-, ")


def number(text: str) -> int:
    """ "2" -> 2, "two" -> 2, "a" -> 1 (any case)."""
    return int(text) if text.isdigit() else _WORDS[text.lower()]


def half_width(text: str) -> str:
    """A text with its full-width digits and punctuation in half width: "１枚（２）：" -> "1枚(2):"."""
    return text.translate(_HALF_WIDTH)
