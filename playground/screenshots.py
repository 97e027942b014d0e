"""`python -m playground.screenshots [OUT_DIR]`: each game's table and hand, as the playground page
shows them at a phone's width and a desktop's, saved as `<game>-phone.png` and
`<game>-desktop.png` in OUT_DIR (`docs/screenshots` by default).

For every game `/play` offers, the playground's first member opens a table with three computers
and starts it; the person's moves are the ones the game's computer player would choose for their
seat, made as their clicks are (through the table service), and the computers' follow on the
simulated clock, until the person's fourth turn begins. Then the person presses "Show my hand"
on the page in headless Chromium, and the table down to the hand is photographed. Every game is
dealt from one fixed seed and every move is chosen reproducibly, so a run shows the same
moments as the last one unless the bot's messages or the page changed.

Needs Chromium (Debian: `apt-get install chromium`); uses its own database in a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import simcord

from bot.i18n import Texts
from bot.tables.carried import ActionRefs
from bot.tables.clicks import Actions, HandShown
from bot.tables.outbox import WINDOW
from bot.tables.records import GameStatus
from playground import chromium
from playground.server import listen, serve
from playground.session import Playground, playground_settings

OUT_DIR = Path("docs") / "screenshots"
SEED = 36
"""Every game's deal."""
TURNS = 4
"""The person's turns played before the photograph is taken at the start of the next."""
LANGUAGE = "en"
"""The playground's server language, in which the lobby and the table label their buttons."""
WIDTHS = {
    "phone": (chromium.PHONE_WIDTH, chromium.PHONE_HEIGHT, True),
    "desktop": (chromium.WIDTH, chromium.HEIGHT, False),
}
"""Each photograph's name, window (CSS pixels) and whether it is a phone's browser."""
STEP = 0.05
"""Seconds the simulated clock moves before each look at the game, which lets the computers
make the moves they are due."""
MOST_STEPS = 2400
"""Looks at a game after which a moment that never comes is an error."""
WAIT_SECONDS = 120
"""Seconds the page may take to draw the table and the hand."""

# Sizes the window so that the messages show, without scrolling, from the last table message
# (the one with "Show my hand") down to the person's hand, scrolls there, and returns that part of
# the page as a clip (whole pixels, nothing of the composer below), or null while the page has
# not drawn them.
FIT = """((label) => {
  const list = document.getElementById("messages");
  const tables = [...list.querySelectorAll(".msg:not(.ephemeral)")]
    .filter((m) => [...m.querySelectorAll(".row button")]
      .some((b) => b.textContent.includes(label)));
  const hand = [...list.querySelectorAll(".msg.ephemeral")].pop();
  if (!tables.length || !hand) return null;
  const table = tables.pop(), box = list.getBoundingClientRect();
  const height = hand.getBoundingClientRect().bottom - table.getBoundingClientRect().top;
  list.scrollTop += table.getBoundingClientRect().top - box.top;
  const from = Math.ceil(Math.max(box.top, table.getBoundingClientRect().top));
  const to = Math.floor(Math.min(box.bottom, hand.getBoundingClientRect().bottom));
  return { needed: Math.ceil(window.innerHeight - list.clientHeight + height),
           clip: { x: box.left, y: from, width: box.width, height: to - from } };
})"""
LOADED = """[...document.querySelectorAll("img.emoji")]
  .every((i) => i.complete && i.naturalWidth > 0)"""


async def take(out: Path) -> list[Path]:
    """Photographs every game's table; returns the files written."""
    chromium.browser()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="playground-screenshots-") as folder:
        settings = playground_settings(
            Path(folder) / "screenshots.sqlite3", computer_delay_seconds=0, deal_seed=SEED
        )
        playground = Playground(settings, Path(folder) / "screenshots.world")
        await playground.start()
        try:
            sock = listen(0)
            address = f"http://127.0.0.1:{sock.getsockname()[1]}"
            runner = await serve(playground, sock)
            try:
                if playground.bot.face_upload is not None:
                    await playground.bot.face_upload
                written: list[Path] = []
                for game in playground.bot.games.game_types():
                    thread = await open_table(playground, game.key)
                    await play_to_the_moment(playground, thread)
                    written += await photograph(playground, address, thread, out / game.key)
            finally:
                await runner.cleanup()
        finally:
            await playground.stop()
    if playground.bot_errors:
        raise RuntimeError("the bot raised: " + "; ".join(playground.bot_errors))
    return written


async def open_table(playground: Playground, key: str) -> simcord.ChannelHandle:
    """The first member's `/play <key>`, three computers added, started: the game's thread."""
    tr = Texts(LANGUAGE)
    host, channel = playground.world.members[0], playground.world.channel
    opened = await playground.run(lambda: host.slash(channel, f"play {key}"))
    lobby = opened.response
    assert lobby is not None, f"/play {key} answered nothing"
    for label in [tr("lobby.button.add")] * 3 + [tr("lobby.button.start")]:
        await playground.run(functools.partial(host.click, lobby, label=label))
    return channel.threads[-1]


async def play_to_the_moment(playground: Playground, thread: simcord.ChannelHandle) -> None:
    """Plays the person's moves until their turn number `TURNS + 1` begins. Before each, the
    computers make every move they are due (their pause is none), so the order of the moves
    does not depend on how fast this machine is."""
    service, person = playground.bot.tables, playground.world.members[0]
    game = await service.game_in(thread.id)
    assert game is not None, "the game did not start"
    turns, after_mine = 0, -1
    for _ in range(MOST_STEPS):
        await playground.run(lambda: playground.env.advance_time(STEP))
        shown = await service.hand(game.id, person.id)
        if shown.running.game.status is not GameStatus.RUNNING:
            raise RuntimeError(f"{game.game_key} ended before the person's turn {TURNS + 1}")
        if shown.seat.seat not in shown.running.to_act():
            continue
        count = shown.running.game.action_count
        if count != after_mine:
            turns += 1
            if turns > TURNS:
                await show_everything(playground)
                return
        control = Actions([person_move(shown)])

        async def move(shown: HandShown = shown, control: Actions = control) -> None:
            async def nothing(_: HandShown) -> None:
                return None

            act = service.act(
                person.id, game.id, shown.seat.seat, shown.seat.version, control, LANGUAGE, nothing
            )
            # Run as the bot's own work, as a click's handler is, so that SimCord joins it and the
            # computers' waits it starts run on the simulated clock. SimCord has no public call
            # for this; the playground pins SimCord's minor version (see `playground.world`).
            with playground.env._bot_scope():
                task = asyncio.create_task(act)
            await playground.env.settle()
            task.result()

        await playground.run(move)
        after_mine = count + 1
    raise RuntimeError(f"{game.game_key}: the person's turn {TURNS + 1} never came")


def person_move(shown: HandShown) -> str:
    """The reference (as a control carries it) of the move the game's computer player would
    choose for the person's seat, drawn reproducibly from the game's seed and its move number."""
    running, seat = shown.running, shown.seat.seat
    engine = running.engine
    legal = engine.legal_actions(running.state, seat)
    policy = engine.policy(engine.game_type.default_policy)
    rng = random.Random(f"{running.game.seed}:{running.game.action_count}")
    return ActionRefs(legal).ref(policy.choose(engine.view(running.state, seat), legal, rng))


async def show_everything(playground: Playground) -> None:
    """Moves the simulated clock past what each channel's message budget held back."""
    while playground.bot.publishing.holding():
        await playground.run(lambda: playground.env.advance_time(WINDOW))


async def photograph(
    playground: Playground, address: str, thread: simcord.ChannelHandle, stem: Path
) -> list[Path]:
    """The person's page in the game's thread: "Show my hand" pressed, then the table down to
    the hand saved at each width (`<stem>-phone.png`, `<stem>-desktop.png`)."""
    person = playground.world.members[0]
    label = Texts(LANGUAGE)("table.show_hand")
    fit = f"{FIT}({json.dumps(label)})"
    written: list[Path] = []
    async with chromium.tab(f"{address}/#member={person.id}&place={thread.id}") as tab:
        show = (
            "[...document.querySelectorAll('#messages .row button')]"
            f".filter((b) => b.textContent.includes({json.dumps(label)})).pop()"
        )
        await tab.until(f"{show} !== undefined", WAIT_SECONDS)
        await tab.run(f"{show}.click() ?? true")
        await tab.until("document.querySelector('#messages .msg.ephemeral') !== null")
        for name, (width, height, mobile) in WIDTHS.items():
            await tab.resize(width, height, mobile=mobile)
            await tab.until(LOADED)
            fitted: dict[str, Any] = await tab.until(fit)
            await tab.resize(width, max(height, fitted["needed"]), mobile=mobile)
            fitted = await tab.until(fit)
            path = stem.with_name(f"{stem.name}-{name}.png")
            path.write_bytes(await tab.screenshot(fitted["clip"]))
            written.append(path)
    return written


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m playground.screenshots", description=__doc__)
    parser.add_argument(
        "out", nargs="?", type=Path, default=OUT_DIR, help=f"folder (default {OUT_DIR})"
    )
    out: Path = parser.parse_args(sys.argv[1:]).out
    try:
        written = asyncio.run(take(out))
    except chromium.NoBrowser as error:
        print(error, file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
