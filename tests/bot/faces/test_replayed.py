"""A replay shows the cards as the live table did: the application emojis of their faces, on
its table, in its moves and in every hand, within Discord's limits.

The games are played by their computers: each person lets their turns time out until their seat
goes on autopilot (the drivers play by the cards' text labels, which a face replaces)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from bot.app import CardTableBot
from bot.settings import Settings
from tests.bot.faces.test_shown import CUSTOM_EMOJI, assert_texts_show_faces
from tests.bot.helpers import start_game
from tests.support.discord_limits import check_sent_messages
from tests.support.games import GameUnderTest, every_game_fixtures, faced_game_keys
from tests.support.replays import TableRecorder, each_step, open_replay, stored
from tests.support.table_driver import drain, game_status

game, bot_extensions, register_games, fixed_deal = every_game_fixtures(keys=faced_game_keys())


@pytest.fixture
def settings(settings: Settings, fixed_deal: dict[str, int]) -> Settings:
    """The faces turned on, and the game's usual deal."""
    return settings.model_copy(update=fixed_deal)


async def test_a_replay_shows_every_card_as_its_face_as_the_live_table_did(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, settings: Settings, game: GameUnderTest
) -> None:
    env = simcord_env
    # Once both people are on autopilot, the computers play the rest of the game inside one
    # step of the clock: a Level 8 game takes more than SimCord's default 5 s of real time.
    env.settle_timeout = 60
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await start_game(env, alice, [bob], channel, computers=1, command=f"play {game.key}")
    recorder = TableRecorder(env, settings.database_path)
    for _ in range(100):
        await drain(env)
        recorder.note()
        if game_status(settings.database_path) != "running":
            break
        await env.advance_time(settings.turn_seconds + 1)
    assert game_status(settings.database_path) == "finished"
    live = [str(embed) for embeds in recorder.seen.values() for embed in embeds]
    assert any(CUSTOM_EMOJI.search(text) for text in live), "the live tables show faces"

    replay = await open_replay(bob, channel, 1)
    compared, told = 0, 0
    async for step, last in each_step(bob, replay, 1):
        embeds = [dict(embed) for embed in stored(env, replay).embeds]
        *table, words = embeds
        assert_texts_show_faces(env, faces_in(embeds), game.key)
        hands = [field["value"] for field in words["fields"]]
        assert len(hands) == 3
        assert assert_texts_show_faces(env, hands, game.key) > 0 or step == last, step
        told += len(CUSTOM_EMOJI.findall(words.get("description") or ""))
        if step in recorder.seen:
            assert faces_in(table) == faces_in(recorder.seen[step]), step
            compared += 1
    assert compared == len(recorder.seen) >= 2
    assert told > 0, "the moves show the cards' faces"
    assert check_sent_messages(env) > 0


def faces_in(embeds: list[dict[str, Any]]) -> list[str]:
    """The faces embeds show, in order. A replay's table is compared with the live one by its
    faces: a replay does not know who was on autopilot, which the live table marks (the rest of
    the table is compared by tests/bot/history, where people play their own turns)."""
    return [match[0] for match in CUSTOM_EMOJI.finditer(json.dumps(embeds, ensure_ascii=False))]
