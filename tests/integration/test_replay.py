"""The action log is the truth: replaying it from the seed gives the stored snapshot, and a game
whose snapshot no longer loads (an engine upgrade, a damaged row) is rebuilt from it after a
restart, the first time the game is loaded (start-up parses no game, so that it stays fast with
many games), and goes on exactly where it was."""

from __future__ import annotations

import simcord

from bot.settings import Settings
from bot.tables.replay import replay
from games.the_game import ENGINE
from tests.bot.helpers import query
from tests.bot.the_game.driver import start
from tests.integration.conftest import BotFactory


def stored(settings: Settings) -> tuple[str, int, int, str]:
    ((config, seed, game_id, state),) = query(
        settings.database_path, "SELECT config, seed, id, state FROM games"
    )
    return config, seed, game_id, state


def logged(settings: Settings) -> list[tuple[int, str]]:
    rows = query(settings.database_path, "SELECT seat, action FROM actions ORDER BY seq")
    return [(seat, action) for seat, action in rows]


async def test_the_log_of_a_real_game_replays_to_its_snapshot(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    driver = await start(env, settings, [alice], channel, computers=2)
    for _ in range(6):
        await driver.play_one()

    config, seed, _, snapshot = stored(settings)
    actions = logged(settings)
    assert any(seat != 0 for seat, _ in actions), "the computers' moves are in the log too"
    assert replay(ENGINE, config, 3, seed, actions).model_dump_json() == snapshot


async def test_a_game_whose_snapshot_no_longer_loads_is_rebuilt_when_loaded(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    driver = await start(env, settings, [alice, bob], channel)
    for _ in range(3):
        await driver.play_one()
    *_, game_id, snapshot = stored(settings)
    query(
        settings.database_path,
        "UPDATE games SET state = ? WHERE id = ?",
        ('{"schema": "from an older version"}', game_id),
    )

    await env.restart_bot(make_bot())
    seat = next(iter(ENGINE.to_act(ENGINE.load_state(snapshot))))
    hand = await driver.open_hand(driver.players[seat])

    assert hand.components, "the hand opens on the rebuilt game"
    assert stored(settings)[3] == snapshot, "the same state as before, saved again"
    moves = len(logged(settings))
    await driver.play_one()
    assert len(logged(settings)) == moves + 1, "and the game goes on"
