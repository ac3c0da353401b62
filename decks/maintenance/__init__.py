"""Card data and upkeep: official imports run by the worker, the cards maintainers keep by hand (GBF,
Fire Force), and backups of decks and runs."""
