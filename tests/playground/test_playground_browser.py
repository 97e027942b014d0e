"""The playground page in a real browser (headless Chromium): what it renders for each member,
and a screenshot. Skipped, with the reason shown, on machines without Chromium (Debian:
`apt-get install chromium`); the HTTP tests cover the same game without a browser."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.playground.page import Playground, open_the_game, show_hand, start

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WIDTH, HEIGHT = 1200, 760


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no headless browser here (install Debian's chromium to run the browser test)")


def chromium(*args: str) -> bytes:
    """Headless Chromium with nothing that reaches the network, given time for the page's script
    to fetch and render the state."""
    with tempfile.TemporaryDirectory() as profile:
        flags = [
            "--headless",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=4000",
            f"--window-size={WIDTH},{HEIGHT}",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        done = subprocess.run(
            [browser(), *flags, *args], capture_output=True, timeout=90, check=True
        )
    return done.stdout


def png_size_and_colours(png: bytes) -> tuple[int, int, int]:
    """Width, height and the number of distinct byte values in the image data (a blank page
    has a handful)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    data, at = b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind = png[at + 4 : at + 8]
        if kind == b"IDAT":
            data += png[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, len(set(zlib.decompress(data)))


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[Playground]:
    browser()
    running = start(tmp_path / "data" / "playground.sqlite3")
    yield running
    running.stop()


def test_each_member_sees_their_own_hand_and_not_the_others(playground: Playground) -> None:
    table = open_the_game(playground)
    show_hand(playground, table.alice, table.thread)

    def page(member: str) -> str:
        url = f"{playground.address}/#member={member}&place={table.thread}"
        return chromium("--dump-dom", url).decode()

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
    chromium(f"--screenshot={shot}", url)
    width, height, colours = png_size_and_colours(shot.read_bytes())
    assert (width, height) == (WIDTH, HEIGHT)
    assert colours > 100
