"""A game the bot's files do not know, added from two packages under tests/ as a newcomer adds
one: its engine (tests/tiny_game, with a table option) and its cog (tests/tiny_cog: its UI and
its message catalogs), the cog loaded as an extension like any game's. Nothing else registers it
here, and it is offered (its `/play` subcommand built from its config), played, ended with its
own message and **Play again**, and ranked under its own hyphenated key through the same
commands as the real games, its history and replays included."""

from __future__ import annotations

import pytest
import simcord

from games.core.registry import get_engine
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import button_labels, hand_cards, start_game, table_message
from tests.support.bots import GameRegistration
from tests.support.table_driver import drain

CARDS = 3


@pytest.fixture
def register_games() -> GameRegistration:
    """Nothing: the game comes from its extension alone, not from tests/bot's fixture."""
    return lambda _bot: None


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.leaderboard", "tests.tiny_cog"]])
async def test_a_game_from_two_packages_is_played_ruled_ranked_and_replayed(
    simcord_env: simcord.Env,
) -> None:
    assert get_engine("tiny-game") is None, "no package of games/ declares it"
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    assert "play tiny-game" in alice.available_commands(channel)

    rules = (await alice.slash(channel, "rules", game="tiny-game")).response
    assert rules is not None and rules.embeds[0].title == "Rules of Tiny"
    assert "highest total wins" in (rules.embeds[0].description or "")

    place = await start_game(
        env, alice, [], channel, computers=1, command="play tiny-game", cards=CARDS
    )
    lobby = channel.history()[0].embeds[0]
    assert next(f.value for f in lobby.fields if f.name == "Options") == f"Cards dealt: {CARDS}"
    for played in range(CARDS):
        hand = (await alice.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        assert len(hand_cards(hand)) == CARDS - played
        await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await drain(env)
    *_, final_table, finish = place.history()
    assert "Game over" in (final_table.content or "")
    assert " points" in (final_table.content or ""), "scores worded by tiny_game.result_score"
    assert finish.embeds[0].title == "🏁 The tiny game is over"
    assert "Play again" in button_labels(finish)
    again = (await alice.click(finish, label="Play again")).response
    assert again is not None
    lobby = channel.history()[-1].embeds[0]
    assert next(f.value for f in lobby.fields if f.name == "Options") == f"Cards dealt: {CARDS}"

    board = (await alice.slash(channel, "leaderboard", game="tiny-game")).response
    assert board is not None and board.ephemeral
    assert board.embeds[0].title is not None and board.embeds[0].title.startswith("Tiny")
    stats = (await alice.slash(channel, "stats show")).response
    assert stats is not None
    assert [field.name for field in stats.embeds[0].fields] == ["Tiny"]

    page = (await alice.slash(channel, "history", game="tiny-game")).response
    assert page is not None
    assert (page.embeds[0].description or "").startswith("Tiny\n\n`#1` <t:")
    replay = (await alice.click(page, label="#1")).response
    assert replay is not None and replay.ephemeral
    assert (replay.embeds[-1].title or "").endswith(f"Tiny #1 · step 0/{2 * CARDS}")
