"""How every tool of ours starts a browser: Debian's chromium package (Playwright's own download does not
work on our machines), headless, with the flags the developers' guide names. The browser tests, the
screenshots and the benchmarks that drive a page import these, so the flags are kept in one place."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
