"""After a restart every lobby and running game carries on, old buttons included."""

from __future__ import annotations

import pytest
import simcord

from bot.settings import Settings
from tests.bot.conftest import BotFactory
from tests.bot.helpers import hand_cards, query, start_game, table_message

pytestmark = pytest.mark.both_backends


async def test_running_game_and_its_buttons_survive_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    old_hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert old_hand is not None
    card = hand_cards(old_hand)[0]

    await env.restart_bot(make_bot())

    await alice.click(old_hand, label=f"Play {card}")
    assert card not in hand_cards(old_hand)
    bob_hand = (await bob.click(table_message(place), label="Show my hand")).response
    assert bob_hand is not None
    await bob.click(bob_hand, label=f"Play {hand_cards(bob_hand)[0]}")
    rows = query(settings.database_path, "SELECT seat, actor FROM actions ORDER BY seq")
    assert rows == [(0, "human"), (1, "human")]


async def test_lobby_buttons_survive_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None

    await env.restart_bot(make_bot())

    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert channel.threads
    table_message(channel.threads[0])
