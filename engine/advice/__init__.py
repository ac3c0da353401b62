"""Advisers: answers to a player's decisions (keep or mulligan a hand, which card to cut or add), each
worked out with the exact odds (engine.stats) and the goldfish (engine.goldfish) against the opponent who
does nothing, so every answer names what it assumed."""
