"""The card browser and card pages: search, facts in words, and the version numbers page caches key on."""
