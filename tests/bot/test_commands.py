"""`/rules`, `/settings` and `/help`."""

from __future__ import annotations

import discord
import pytest
import simcord
import simcord.interactions

from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import query
from tests.support.locale import speak_french

GAME_COGS = ["cogs.the_game", "cogs.heaven_hell", "cogs.level8"]


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, *GAME_COGS]])
async def test_rules_summary_for_each_game(simcord_env: simcord.Env) -> None:
    """`/rules` offers every registered game, the real ones and the tests' tiny game alike."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    expected = {
        "the-game": "98 cards",
        "heaven-hell": "heaven",
        "level8": "level card",
        "tiny-game": "highest total",
    }
    for game, phrase in expected.items():
        result = await alice.slash(channel, "rules", game=game)
        assert result.response is not None and result.response.ephemeral
        embed = result.response.embeds[0]
        assert phrase in (embed.description or ""), game


async def test_settings_need_manage_server(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(env.create_user("member"))
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    assert "settings" not in member.available_commands(channel)
    assert "settings" in admin.available_commands(channel)
    shown = (await admin.slash(channel, "settings")).response
    assert shown is not None
    assert shown.content.splitlines() == [
        "Current settings:",
        "Language of public messages: the server's language",
        "Default time per turn: 5 min",
        "The Game's talk rule: delete messages that reveal card values",
        "Games needed to appear on the leaderboards: 3",
    ]
    await admin.slash(channel, "settings", **{"talk-rule": "warn"})
    assert query(settings.database_path, "SELECT talk_rule FROM guild_settings") == [("warn",)]


async def test_help_lists_the_commands(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "help")
    assert result.response is not None and result.response.ephemeral
    text = result.response.embeds[0].description or ""
    for command in ("/play", "/game hand", "/rules", "/settings"):
        assert command in text
    assert text.startswith("Play **Tiny** right here."), "the games are the registered ones"
    assert "`/play tiny-game` opens a table" in text


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, *GAME_COGS]])
async def test_help_names_every_game_in_the_clients_language(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    english = (await alice.slash(channel, "help")).response
    assert english is not None
    assert (english.embeds[0].description or "").startswith(
        "Play **The Game**, **Heaven & Hell**, **Level 8** and **Tiny** right here."
    )
    speak_french(monkeypatch)
    french = (await alice.slash(channel, "help")).response
    assert french is not None
    listed = "`/jouer the-game`, `/jouer paradis-enfer`, `/jouer level8` ou `/jouer mini-jeu` ouvre"
    assert listed in (french.embeds[0].description or "")
