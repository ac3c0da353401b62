"""Decks and the editor: the deck page, deck lists, sharing and forks, the one write path for decks, who may
see and change a deck, the forms and charts."""
