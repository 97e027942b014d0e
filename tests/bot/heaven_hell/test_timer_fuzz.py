"""Random clicks, waiting, "I'm back", leaving and restarts in Heaven & Hell, where a round ends
with every seat choosing at once (the sibling of tests/bot/test_timer_fuzz.py on the tiny
engine). Whatever happens: the bot never mentions nobody, the messages it posts between two
accepted actions stay bounded by the seats, the controls it shows never break the game, and
with nobody acting the game still moves on within a turn's time until it ends."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import simcord

from bot.settings import Settings
from tests.bot.heaven_hell.conftest import TURN_SECONDS, BotFactory
from tests.bot.heaven_hell.driver import controls, start
from tests.bot.helpers import button_labels, query, table_message


@pytest.fixture(params=[0, 20], ids=["no-pause", "pause"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """With a pause before computer moves, restarts also land between a timeout and the
    stand-in's move."""
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "fuzz.sqlite3",
        turn_seconds=TURN_SECONDS,
        computer_delay_seconds=request.param,
        shard_count=1,
    )


def progress(db: Path) -> tuple[int, str]:
    rows = query(db, "SELECT action_count, status FROM games ORDER BY id DESC LIMIT 1")
    return int(rows[0][0]), str(rows[0][1])


class Watch:
    """Counts the bot's messages in the game's place between two accepted actions."""

    def __init__(self, place: simcord.ChannelHandle, db: Path, seats: int) -> None:
        self.place, self.db = place, db
        self.bound = 3 * seats + 6
        self.seen = len(place.history())
        self.actions = progress(db)[0]

    def check(self) -> None:
        history = self.place.history()
        assert not any("<@None>" in (message.content or "") for message in history)
        actions = progress(self.db)[0]
        if actions != self.actions:
            self.actions, self.seen = actions, len(history)
            return
        posted = len(history) - self.seen
        assert posted <= self.bound, [m.content for m in history[self.seen :]]


async def random_clicks(
    member: simcord.MemberActor, place: simcord.ChannelHandle, rng: random.Random
) -> None:
    """ "I'm back" now and then; otherwise the hand and up to two of its controls (a card, then
    a side; a discard; a double)."""
    table = table_message(place)
    if rng.random() < 0.2 and "I'm back" in button_labels(table):
        await member.click(table, label="I'm back")
        return
    hand = (await member.click(table, label="Show my hand")).response
    for _ in range(2):
        if hand is None or not controls(hand):
            return
        payload = rng.choice(sorted(controls(hand)))
        await member.click(hand, custom_id=controls(hand)[payload]["custom_id"])


@pytest.mark.parametrize("seed", range(6))
async def test_random_clicks_timeouts_and_restarts(
    seed: int, simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    rng = random.Random(seed)
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    humans = [guild.add_member(env.create_user(f"m{n}")) for n in range(rng.randint(1, 3))]
    computers = rng.randint(3 - len(humans), 5 - len(humans))
    driver = await start(env, settings, humans, channel, computers=computers)
    place = driver.thread
    watch = Watch(place, db, len(humans) + computers)
    present = list(humans)
    for _ in range(40):
        if progress(db)[1] != "running":
            break
        roll = rng.random()
        if roll < 0.5 and present:
            await random_clicks(rng.choice(present), place, rng)
        elif roll < 0.8:
            await env.advance_time(rng.choice([1, 30, TURN_SECONDS / 2, TURN_SECONDS + 1]))
        elif roll < 0.95:
            await env.restart_bot(make_bot())
        elif len(present) > 1:
            leaving = present.pop(rng.randrange(len(present)))
            await leaving.slash(place, "game leave")
        watch.check()
    for _ in range(80):
        count, status = progress(db)
        if status != "running":
            break
        await env.advance_time(TURN_SECONDS + 1)
        watch.check()
        assert progress(db) != (count, status), "nobody acted for a whole turn and nothing moved"
    assert progress(db)[1] == "finished"
    assert len(query(db, "SELECT * FROM results")) == len(humans) + computers
