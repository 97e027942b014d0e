"""A lobby message tells what became of its game, in every registered game
(`tests.support.games`) and both languages: open (with its seats and buttons), running (with a
link to the game's thread), over (how, with the link), cancelled. A whole game is played to its
end by computers (the host runs out of time twice and goes on autopilot), played again, started
and cancelled; the channel never shows two open tables."""

from __future__ import annotations

import json
from typing import Any, cast

import discord
import pytest
import simcord

from bot.app import CardTableBot
from bot.i18n import Texts
from bot.settings import Settings
from bot.tables.render import game_name
from tests.bot.game_life.conftest import TURN_SECONDS
from tests.bot.helpers import CANCELLED_PRIVATELY, cancel_game, query
from tests.support.games import game_keys
from tests.support.messages import components
from tests.support.rate_limits import BUDGET, ChannelWrites
from tests.support.table_driver import drain, game_status

TITLES = {
    "en": {
        "open": "table open",
        "running": "game in progress",
        "over": "game over",
        "cancelled": "game cancelled",
    },
    "fr": {
        "open": "table ouverte",
        "running": "partie en cours",
        "over": "partie terminée",
        "cancelled": "partie annulée",
    },
}

COLON = {"en": ":", "fr": "\u00a0:"}


def message(channel: simcord.ChannelHandle, message_id: int) -> discord.Message:
    return next(each for each in channel.history() if each.id == message_id)


def custom_ids(shown: Any) -> list[str]:
    return [str(component.get("custom_id")) for component in components(shown)]


def newest_game(settings: Settings) -> tuple[int, int]:
    """The id and lobby message id of the newest game."""
    rows = query(settings.database_path, "SELECT id, lobby_message_id FROM games ORDER BY id")
    game_id, lobby_id = rows[-1]
    return int(game_id), int(lobby_id)


async def press(member: simcord.MemberActor, shown: Any, custom_id: str) -> None:
    """A click by custom id: the labels are in the server's language."""
    assert custom_id in custom_ids(shown), (custom_id, custom_ids(shown))
    await member.click(shown, custom_id=custom_id)


async def let_computers_finish(env: simcord.Env, settings: Settings) -> None:
    """The host lets their time run out twice (autopilot), then computers play to the end."""
    for _ in range(500):
        if game_status(settings.database_path) != "running":
            return
        await env.advance_time(TURN_SECONDS)
    raise AssertionError("the game did not end")


def over_line(settings: Settings, game_id: int, place: int, tr: Texts, alice: int) -> str:
    """How the game ended, as its lobby must say it, from the stored result."""
    stored = query(settings.database_path, "SELECT outcome FROM games WHERE id = ?", (game_id,))
    outcome = json.loads(stored[0][0])
    over = "🏁 The game is over" if tr.locale == "en" else "🏁 La partie est terminée"
    head = f"{over} (<#{place}>){COLON[tr.locale]} "
    if outcome["cooperative"]:
        score = outcome["seats"][0]["score"]
        won = outcome["seats"][0]["won"]
        english = {True: "the team won", False: "the team lost"}
        french = {True: "l'équipe a gagné", False: "l'équipe a perdu"}
        verdict = (english if tr.locale == "en" else french)[won]
        return f"{head}{verdict}, score {score}."
    winners = [
        f"<@{alice}>" if seat["seat"] == 0 else tr("table.computer", n=seat["seat"] + 1)
        for seat in outcome["seats"]
        if seat["won"]
    ]
    return f"{head}🏆 {', '.join(winners)}."


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("key", game_keys())
async def test_a_lobby_says_whether_its_game_is_open_running_over_or_cancelled(
    simcord_env: simcord.Env, settings: Settings, key: str, locale: str
) -> None:
    env = simcord_env
    tr = Texts(locale)
    titles = {state: f"{game_name(key, tr)} — {words}" for state, words in TITLES[locale].items()}
    guild = env.create_guild(preferred_locale=locale if locale == "fr" else "en-US")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    writes = ChannelWrites(cast(CardTableBot, env.bot))

    answer = (await alice.slash(channel, f"play {key}")).response
    assert answer is not None
    first, lobby_id = newest_game(settings)
    lobby = message(channel, lobby_id)
    assert lobby.embeds[0].title == titles["open"]
    for _ in range(2):
        await press(alice, message(channel, lobby_id), f"ct:lobby:{first}:add")
    await press(alice, message(channel, lobby_id), f"ct:lobby:{first}:start")
    thread = channel.threads[-1]
    lobby = message(channel, lobby_id)
    assert lobby.embeds[0].title == titles["running"]
    started = "The game has started in" if locale == "en" else "La partie a commencé dans"
    assert lobby.embeds[0].description == f"{started} <#{thread.id}>."
    assert lobby.components == []

    await let_computers_finish(env, settings)
    await drain(env)
    lobby = message(channel, lobby_id)
    assert lobby.embeds[0].title == titles["over"]
    assert lobby.embeds[0].description == over_line(settings, first, thread.id, tr, alice.id)
    assert custom_ids(lobby) == [f"ct:rpo:{first}"], "an ended game's lobby offers its replay only"

    [again] = [each for each in thread.history() if f"ct:again:{first}" in custom_ids(each)]
    await press(alice, again, f"ct:again:{first}")
    await drain(env)
    second, new_lobby_id = newest_game(settings)
    assert message(channel, lobby_id).embeds[0].title == titles["over"]
    assert message(channel, new_lobby_id).embeds[0].title == titles["open"]
    shown = [each.embeds[0].title for each in channel.history() if each.embeds]
    assert shown.count(titles["open"]) == 1, shown

    await press(alice, message(channel, new_lobby_id), f"ct:lobby:{second}:start")
    place = channel.threads[-1]
    assert place.id != thread.id
    assert message(channel, new_lobby_id).embeds[0].title == titles["running"]
    assert await cancel_game(alice, place) == CANCELLED_PRIVATELY
    await drain(env)
    lobby = message(channel, new_lobby_id)
    assert lobby.embeds[0].title == titles["cancelled"]
    cancelled = "This game was cancelled" if locale == "en" else "Cette partie a été annulée"
    assert lobby.embeds[0].description == f"❌ {cancelled} (<#{place.id}>)."
    [(moves,)] = query(
        settings.database_path, f"SELECT action_count FROM games WHERE id = {second}"
    )
    replay = [f"ct:rpo:{second}"] if moves else []
    assert custom_ids(lobby) == replay, "a cancelled game's lobby offers its replay if it had moves"
    assert place.history()[-1].content == f"❌ {cancelled}."
    assert message(channel, lobby_id).embeds[0].title == titles["over"]
    most = {channel: writes.most_in_window(channel) for channel in writes.moments}
    print("most writes in 5 s:", most)
    assert max(most.values()) <= BUDGET
