"""In a real browser, desktop and phone size: playtest games of the sample decks played to a win by
clicking (play with the suggested payment, attack, next turn) and the keyboard (n next turn, u undo)."""

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = pytest.mark.browser


def board_action(page, do, target=None):
    """One action: one request whose answer replaces the board (marked, to see it go), and the page stays
    where the player was (issue 33: each action scrolled a phone's page from the hand down to the log).
    `target`, the control `do` clicks, is first brought into view as a player's scrolling would."""
    if target is not None:
        target.scroll_into_view_if_needed()
    page.evaluate("document.getElementById('board').dataset.old = 'yes'")
    before = page.evaluate("scrollY")
    do()
    expect(page.locator("#board[data-old]")).to_have_count(0)
    # After the swap's layout (two frames): the same place, or the page's end where the page got shorter.
    after, end = page.evaluate(
        "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>"
        " done([scrollY, document.documentElement.scrollHeight - innerHeight]))))"
    )
    assert after == min(before, end), f"the page scrolled from {before} to {after} px"


MOST_CLICKS = 40  # of one control in one turn: more means the board keeps offering what it refuses


def click_while_offered(page, locator, click):
    """Click `locator` as long as the board offers it and the game is not won, a bounded number of times,
    so a board that offers an action it then refuses fails the test instead of looping for ever."""
    for _ in range(MOST_CLICKS):
        if not locator.count() or page.locator(".win").count():
            return
        click(locator)
    alert = page.locator("[role=alert]")
    raise AssertionError(
        f"still offered after {MOST_CLICKS} clicks: {alert.inner_text() if alert.count() else 'no message'}"
    )


@pytest.mark.parametrize("width", [390, 1280])
def test_a_game_to_a_win(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.locator(".tabs").get_by_role("link", name="Playtest", exact=True).click()
    cast = page.locator(".board-hand button[aria-label^='Cast']:not([disabled])")
    attack = page.get_by_role("button", name="Attack")

    def act(do):
        board_action(page, do)

    def click(locator):
        board_action(page, lambda: locator.first.click(), target=locator.first)

    page.get_by_label("Seed").fill("11")
    click(page.get_by_role("button", name="New game"))
    page.evaluate("document.activeElement?.blur()")  # keys act on the page, not in a field
    act(lambda: page.keyboard.press("n"))  # turn 1
    expect(page.get_by_role("button", name="Next turn")).to_be_visible()
    act(lambda: page.keyboard.press("u"))  # undo: back to the setup
    click(page.get_by_role("button", name="Start turn 1"))
    for _ in range(12):
        click_while_offered(page, cast, click)
        click_while_offered(page, attack, click)
        if page.locator(".win").count():
            break
        for _ in range(page.locator("[aria-labelledby=hand-title] li.board-card").count() - 5):
            click(page.locator("[aria-labelledby=hand-title] button[aria-label^='Discard']"))  # 9.5.1.2: to 5
        click(page.get_by_role("button", name="Next turn"))
    assert not page.locator("[role=alert]").count(), page.locator("[role=alert]").inner_text()
    expect(page.locator(".win")).to_contain_text("You win")
    expect(page.locator("#opp-damage")).to_have_text("7 of 7")
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"


def test_a_key_pressed_as_the_board_lands_acts_in_the_page(samples_page):
    # The new board's forms must post through htmx from the moment it is in the page: a key pressed in the
    # moment after a swap (a player's quick "n n") once submitted the form itself, reloading the page at
    # its top (seen as a failure of the game above).
    page = samples_page(1280)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/board/")
    page.get_by_label("Seed").fill("11")
    new_game = page.get_by_role("button", name="New game")
    board_action(page, new_game.click, target=new_game)
    page.evaluate("document.activeElement?.blur()")
    reloads = []
    page.on("framenavigated", lambda frame: reloads.append(frame.url))
    for key, next_key in ("nu", "nu", "nu"):  # next turn, then at once undo
        # The key is sent in the page; the moment its board lands, that board is marked and the next key goes.
        waited = page.evaluate(
            "key => new Promise(done => {"
            " const board = document.getElementById('board');"
            " new MutationObserver((changes, watch) => {"
            "  const now = document.getElementById('board');"
            "  if (now !== board) { watch.disconnect(); now.dataset.old = 'yes'; done(); } })"
            " .observe(board.parentNode, {childList: true});"
            " setTimeout(() => done('no new board'), 5000);"
            " document.body.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true})); })",
            key,
        )
        assert waited is None, waited
        page.keyboard.press(next_key)
        expect(page.locator("#board[data-old]")).to_have_count(0)
        assert not reloads, f"'{next_key}' pressed as the board landed reloaded the page"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_dbsfw_game_to_a_win(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="dbsfw", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/board/")
    hand = page.locator("[aria-labelledby=hand-title]")

    def act(do):
        board_action(page, do)

    def click(locator):
        board_action(page, lambda: locator.first.click(), target=locator.first)

    page.get_by_label("Seed").fill("5")
    page.get_by_label("Play order").select_option("second")
    click(page.get_by_role("button", name="New game"))
    click(page.get_by_role("button", name="Start turn 1"))
    click(hand.locator("button[aria-label^='Charge']"))
    page.evaluate("document.activeElement?.blur()")
    act(lambda: page.keyboard.press("u"))  # undo the charge
    expect(page.locator(".board-status")).to_contain_text("0 active of 0")

    def battle(attack):  # the battle's offense step (8-2): nothing to combo here, so resolve it
        click(attack)
        click(page.get_by_role("button", name="Resolve the battle"))

    for _ in range(15):
        if page.locator(".win").count():
            break
        charge = hand.locator("button[aria-label^='Charge']")
        if charge.count():
            click(charge)  # the first card: energy for the plays
        play = hand.locator("button[aria-label^='Play']:not([disabled])")
        click_while_offered(page, play, click)
        click_while_offered(page, page.get_by_role("button", name="Attack"), battle)
        if not page.locator(".win").count():
            page.evaluate("document.activeElement?.blur()")
            act(lambda: page.keyboard.press("n"))
    assert not page.locator("[role=alert]").count(), page.locator("[role=alert]").inner_text()
    expect(page.locator(".win")).to_contain_text("You win")
    expect(page.locator("#opp-life")).to_have_text("0")
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_gbf_game_to_a_win(samples_page, width):
    # Crew enter while the rank limit allows, summons are activated, then one battle of every active card
    # each turn: the sample captain's HP is the opponent's, so a hit breaks an armor card, the sixth wins.
    page = samples_page(width)
    sample = Deck.objects.get(game_id="gbf", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/board/")
    hand = page.locator("[aria-labelledby=hand-title]")

    def click(locator):
        board_action(page, lambda: locator.first.click(), target=locator.first)

    page.get_by_label("Seed").fill("3")
    click(page.get_by_role("button", name="New game"))
    click(page.get_by_role("button", name="Redraw"))  # none ticked: the hand stays (5-2-1-5)
    click(page.get_by_role("button", name="Start turn 1"))
    for _ in range(15):
        if page.locator(".win").count():
            break
        for label in ("Put", "Activate"):
            ready = hand.locator(f"button[aria-label^='{label}']:not([disabled])")
            click_while_offered(page, ready, click)
        attackers = page.locator(".board-battle input[name=attacker]")
        if attackers.count():
            for i in range(attackers.count()):
                attackers.nth(i).check()
            click(page.locator(".board-battle").get_by_role("button", name="Attack"))
        if not page.locator(".win").count():
            click(page.get_by_role("button", name="Next turn"))
    assert not page.locator("[role=alert]").count(), page.locator("[role=alert]").inner_text()
    expect(page.locator(".win")).to_contain_text("You win")
    expect(page.locator("#opp-armor")).to_have_text("0")
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_fire_force_game_to_a_win(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="fireforce", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/board/")
    hand = page.locator("[aria-labelledby=hand-title]")
    flame_cap = page.get_by_role("button", name="Put in Adolla")

    def click(locator):
        board_action(page, lambda: locator.first.click(), target=locator.first)
        if flame_cap.count():  # 1303.1: play waits for the player's choice; the goldfish's is ticked
            board_action(page, lambda: flame_cap.first.click(), target=flame_cap.first)
            expect(flame_cap).to_have_count(0)

    page.get_by_label("Seed").fill("2")
    click(page.get_by_role("button", name="New game"))
    click(page.get_by_role("button", name="Start turn 1"))
    for _ in range(15):
        if page.locator(".win").count():
            break
        use = hand.locator("button[aria-label^='Use']:not([disabled])")
        click_while_offered(page, use, click)
        attack = page.get_by_role("button", name="Attack")
        click_while_offered(page, attack, click)
        if not page.locator(".win").count():
            click(page.get_by_role("button", name="Next turn"))
    assert not page.locator("[role=alert]").count(), page.locator("[role=alert]").inner_text()
    expect(page.locator(".win")).to_contain_text("You win")
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"
