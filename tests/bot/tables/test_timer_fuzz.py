"""Random sequences of clicks, waiting, "I'm back", leaving and restarts, with invariants that
hold whatever happens (issue 11): the bot never mentions nobody, the messages it posts between
two accepted actions stay bounded by the seats, and with nobody acting the game still moves on
within a turn's time until it ends.

Runs on the tiny engine (any seat may open, several seats act at once before the opening) both
with computers free to open and with computers that wait for people, as in The Game.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
import simcord

from bot.settings import Settings
from tests.bot.conftest import BotFactory, GameRegistration
from tests.bot.helpers import button_labels, start_game, table_message
from tests.support.bots import TURN_SECONDS
from tests.support.watch import Watch, progress, wait
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE
from tests.tiny_game.engine import GAME_TYPE, TinyEngine


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


class PatientTinyEngine(TinyEngine):
    """The tiny game with The Game's opening: computers leave the first move to people."""

    game_type = replace(GAME_TYPE, computers_wait_for_people=True)


@pytest.fixture(params=[False, True], ids=["computers-open", "computers-wait"])
def register_games(request: pytest.FixtureRequest) -> GameRegistration:
    engine = PatientTinyEngine() if request.param else TINY_ENGINE
    return lambda bot: bot.games.register(TinyUI(), engine=engine)


async def random_click(
    member: simcord.MemberActor, place: simcord.ChannelHandle, rng: random.Random
) -> None:
    table = table_message(place)
    if rng.random() < 0.2 and "I'm back" in button_labels(table):
        await member.click(table, label="I'm back")
        return
    hand = (await member.click(table, label="Show my hand")).response
    if hand is None or not hand.components:
        return
    labels = [label for label in button_labels(hand) if label != "Confirm"]
    if labels:
        await member.click(hand, label=rng.choice(labels))


@pytest.mark.parametrize("seed", range(12))
async def test_random_clicks_timeouts_and_restarts(
    seed: int, simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    rng = random.Random(seed)
    env = simcord_env
    db = settings.database_path
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    humans = [guild.add_member(env.create_user(f"m{n}")) for n in range(rng.randint(1, 3))]
    computers = rng.randint(0 if len(humans) > 1 else 1, 4 - len(humans))
    place = await start_game(env, humans[0], humans[1:], channel, computers=computers)
    watch = Watch(place, db, len(humans) + computers)
    present = list(humans)
    for _ in range(30):
        if progress(db)[1] != "running":
            break
        roll = rng.random()
        if roll < 0.45 and present:
            await random_click(rng.choice(present), place, rng)
        elif roll < 0.8:
            await wait(env, rng.choice([1, 30, TURN_SECONDS / 2, TURN_SECONDS + 1]))
        elif roll < 0.95:
            await env.restart_bot(make_bot())
        elif len(present) > 1:
            leaving = present.pop(rng.randrange(len(present)))
            await leaving.slash(place, "game leave")
        watch.check()
    # A turn's time, and the pause before the stand-in's move when the time ran out at its end.
    patience = TURN_SECONDS + settings.computer_delay_seconds + 1
    for _ in range(60):
        count, status = progress(db)
        if status != "running":
            break
        await wait(env, patience)
        watch.check()
        assert progress(db) != (count, status), "nobody acted for a whole turn and nothing moved"
    assert progress(db)[1] == "finished"
