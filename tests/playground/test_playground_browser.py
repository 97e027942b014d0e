"""The playground page in a real browser (headless Chromium): a person types /play in the
composer, switches members to join, starts, opens their hand, uses a menu, writes in the thread
and turns a member's client to French; what each member's page renders; the page at a phone's
width; a screenshot, and the screenshot command's photographs of every game. Skipped,
with the reason shown, on machines without Chromium (Debian: `apt-get install chromium`); the
HTTP tests cover the same game without a browser."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.playground import browser
from tests.playground.page import ROOT, Playground, open_the_game, show_hand, start
from tests.support.games import registered_games


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[Playground]:
    browser.browser()
    running = start(tmp_path / "data" / "playground.sqlite3")
    yield running
    running.stop()


def png_size_and_colours(png: bytes) -> tuple[int, int, int]:
    """Width, height and the number of distinct byte values in the image data (a blank page
    has a handful)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        if png[at + 4 : at + 8] == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, len(set(zlib.decompress(data)))


def click(selector: str, text: str) -> str:
    """A script clicking the element matching `selector` whose text is `text`."""
    return (
        f"[...document.querySelectorAll({json.dumps(selector)})]"
        f".find(e => e.textContent.trim() === {json.dumps(text)}).click() ?? true"
    )


def has(selector: str, text: str) -> str:
    return (
        f"[...document.querySelectorAll({json.dumps(selector)})]"
        f".some(e => e.textContent.includes({json.dumps(text)}))"
    )


async def test_a_person_plays_from_the_page(playground: Playground) -> None:
    async with browser.tab(playground.address + "/") as tab:
        await tab.until(has("#members .me", "Alice"))
        await tab.run(
            "(() => { const t = document.getElementById('text'); t.value = '/play';"
            " t.dispatchEvent(new Event('input')); return true; })()"
        )
        await tab.until(has("#command-list li", "/play level8"))
        await tab.run(click("#command-list li strong", "/play the-game"))
        await tab.until(has("#command-form label", "expert"))
        await tab.run("document.getElementById('command-form').requestSubmit() ?? true")
        await tab.until(has("#messages .embed-title", "The Game — table open"))

        await tab.run(click("#members button", "Bob"))
        await tab.until(has("#members .me", "Bob"))
        await tab.run(click("#messages .row button", "Join"))
        await tab.until(has("#messages .field", "Seats (2/5)"))
        await tab.run(click("#members button", "Alice"))
        await tab.until(has("#members .me", "Alice"))
        await tab.run(click("#messages .row button", "Start"))
        await tab.until(has("#places li", "The Game #1"))

        await tab.run(click("#places li", "The Game #1"))
        await tab.until(has("#messages .row button", "Show my hand"))
        await tab.run(click("#messages .row button", "🃏 Show my hand"))
        await tab.until(has("#messages .only-you", "Only you can see this"))
        await tab.run(click("#messages .select-toggle", "💬 Talk about a pile… ▾"))
        await tab.run(click("#messages .option span", "🚫 Please don't play on ▲A"))
        await tab.until(has("#messages .msg:not(.ephemeral)", "Please don't play on ▲A"))

        await tab.run(click("#members button", "Bob"))
        await tab.until(has("#members .me", "Bob"))
        assert not await tab.run(has("#messages", "Only you can see this"))
        await tab.run(
            "(() => { document.getElementById('text').value = 'I have the 99';"
            " document.getElementById('composer').requestSubmit(); return true; })()"
        )
        await tab.until(has("#messages .content", "Your message was removed"))
        assert not await tab.run(has("#messages .content", "I have the 99"))

        await tab.run(click("#language button", "Français"))
        await tab.until(has("#language .me", "Français"))
        await tab.until(has("#members .me .lang", "FR"))
        await tab.run(click("#messages .row button", "🃏 Show my hand"))
        await tab.until(has("#messages .ephemeral .embed-title", "Ta main"))
        await tab.run(
            "(() => { const t = document.getElementById('text'); t.value = '/jou';"
            " t.dispatchEvent(new Event('input')); return true; })()"
        )
        await tab.until(has("#command-list li", "/jouer the-game"))
        assert await tab.run("document.getElementById('bot-errors').hidden")


def test_each_member_sees_their_own_hand_and_not_the_others(playground: Playground) -> None:
    table = open_the_game(playground)
    show_hand(playground, table.alice, table.thread)

    def page(member: str) -> str:
        url = f"{playground.address}/#member={member}&place={table.thread}"
        return browser.once("--dump-dom", url).decode()

    alice_page, bob_page = page(table.alice), page(table.bob)
    assert 'class="me" title="play as Alice"' in alice_page
    assert "Show my hand" in alice_page and "Show my hand" in bob_page
    assert "Your hand" in alice_page and "Only you can see this" in alice_page
    assert "Your hand" not in bob_page and "Only you can see this" not in bob_page
    assert '<li class="thread here">The Game #1</li>' in alice_page


def test_a_screenshot_of_the_page_shows_the_game(playground: Playground, tmp_path: Path) -> None:
    table = open_the_game(playground)
    show_hand(playground, table.alice, table.thread)
    shot = tmp_path / "page.png"
    url = f"{playground.address}/#member={table.alice}&place={table.thread}"
    browser.once(f"--screenshot={shot}", url)
    width, height, colours = png_size_and_colours(shot.read_bytes())
    assert (width, height) == (browser.WIDTH, browser.HEIGHT)
    assert colours > 100


async def test_cards_show_as_the_faces_images(playground: Playground) -> None:
    """The table and the hand show each card as its face's image (served by the playground from
    the bot's own drawings), loaded, at Discord's 22 px, in the text and on the card buttons."""
    table = open_the_game(playground)
    show_hand(playground, table.alice, table.thread)
    url = f"{playground.address}/#member={table.alice}&place={table.thread}"
    loaded = (
        "[...document.querySelectorAll({where} + ' img.emoji')]"
        ".filter(i => i.complete && i.naturalWidth === 128 && i.width === 22).length"
    )
    async with browser.tab(url) as tab:
        await tab.until(has("#messages .only-you", "Only you can see this"))
        hand = loaded.format(where=json.dumps(".ephemeral .embed-description"))
        buttons = loaded.format(where=json.dumps(".ephemeral .row button"))
        board = loaded.format(where=json.dumps(".msg:not(.ephemeral) .embed"))
        await tab.until(f"{hand} === 7 && {buttons} === 7 && {board} >= 4")
        broken = await tab.run(
            "[...document.querySelectorAll('img.emoji')].filter(i => i.naturalWidth === 0).length"
        )
    assert broken == 0


async def test_the_page_reads_and_plays_at_a_phones_width(playground: Playground) -> None:
    """At 390 × 844 the page never scrolls sideways; the table and the hand are on screen, their
    faces at Discord's 22 px, the embeds as wide as the message; and a card of the hand takes a
    real tap (the pointer moves there, presses and releases where the button is drawn, so
    nothing covers or moves it) and shows that card's piles ("→ ▲A" under the card's face)."""
    table = open_the_game(playground)
    show_hand(playground, table.alice, table.thread)
    url = f"{playground.address}/#member={table.alice}&place={table.thread}"
    async with browser.tab(url) as tab:
        await tab.resize(browser.PHONE_WIDTH, browser.PHONE_HEIGHT, mobile=True)
        await tab.until(has("#messages .only-you", "Only you can see this"))
        await tab.until("document.querySelectorAll('.ephemeral .row button img.emoji').length")
        widths = await tab.run(
            "[document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]"
        )
        assert widths == [browser.PHONE_WIDTH] * 3
        boxes = await tab.run(
            "['.msg:not(.ephemeral) .embed', '.ephemeral .embed', '.ephemeral .row button']"
            ".map(s => document.querySelector(s).getBoundingClientRect())"
            ".map(r => [r.left, r.right, r.width, r.bottom])"
        )
        assert all(left >= 0 and right <= browser.PHONE_WIDTH for left, right, _, _ in boxes)
        assert boxes[0][2] == boxes[1][2] > 300, "the embeds take the message's full width"
        assert 0 < boxes[2][3] <= browser.PHONE_HEIGHT, "the hand's first card is on screen"
        assert await tab.run(
            "[...document.querySelectorAll('img.emoji')].every(i => i.width === 22)"
        )
        card = await tab.run(
            "(() => { const b = document.querySelector('.ephemeral .row button');"
            " const r = b.getBoundingClientRect();"
            " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()"
        )
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            await tab.call(
                "Input.dispatchMouseEvent",
                type=kind, x=card["x"], y=card["y"], button="left", clickCount=1,
            )
        await tab.until(has(".ephemeral .row button", "→ "))
        await tab.until(has(".ephemeral .embed", "Where should"))


def test_the_screenshot_command_photographs_every_game(tmp_path: Path) -> None:
    """`python -m playground.screenshots OUT_DIR` saves each game's table and hand, at a phone's
    width and a desktop's, as pictures with something drawn in them."""
    browser.browser()
    subprocess.run(
        [sys.executable, "-m", "playground.screenshots", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True, timeout=300,
    )
    games = registered_games()
    keys = [
        game.key
        for game in games.game_types()
        if type(games.ui(game.key)).__module__.startswith("cogs.")
    ]
    assert {"the-game", "heaven-hell", "level8"} <= set(keys)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        f"{key}-{width}.png" for key in keys for width in ("phone", "desktop")
    )
    for key in keys:
        for width, expected in (("phone", browser.PHONE_WIDTH), ("desktop", 960)):
            shot_width, height, colours = png_size_and_colours(
                (tmp_path / f"{key}-{width}.png").read_bytes()
            )
            assert (shot_width, colours > 100) == (expected, True), (key, width)
            assert height > 300, (key, width)
