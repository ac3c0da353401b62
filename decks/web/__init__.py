"""The parts every page shares: the home page and health check, error pages, rate limits, the page cache, the
site menu's game, and the request types views receive."""
