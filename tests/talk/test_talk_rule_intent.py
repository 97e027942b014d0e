"""A bot running without the Message Content intent: the talk rule cannot read messages, says so
in `/settings`, and still removes number reactions."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.app import CardTableBot, create_bot
from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import query
from tests.talk.stand_in import register_stand_in, start_talk_game

pytestmark = pytest.mark.simcord(approved_intents=discord.Intents.default())


@pytest.fixture
def simcord_bot(settings: Settings) -> CardTableBot:
    """Closed by the environment's shutdown, which closes its database too."""
    bot = create_bot(settings, [*EXTENSIONS, "cogs.the_game.table_talk"], message_content=False)
    register_stand_in(bot)
    return bot


async def test_start_up_log_and_settings_say_messages_cannot_be_checked(
    simcord_env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    started = [record.getMessage() for record in caplog.get_records("setup")]
    assert any("Message Content intent is off" in line for line in started)
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    shown = (await admin.slash(channel, "settings")).response
    assert shown is not None
    lines = shown.content.splitlines()
    talk_rule = lines.index("The Game's talk rule: delete messages that reveal card values")
    assert lines[talk_rule + 1].startswith(
        "⚠️ The talk rule cannot be enforced on messages: this bot runs without the Message "
        "Content intent"
    )
    quiet = (await admin.slash(channel, "settings", **{"talk-rule": "off"})).response
    assert quiet is not None and "Message Content" not in quiet.content


async def test_messages_pass_but_number_reactions_are_removed(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_talk_game(env, alice, [bob], channel)
    message = await bob.send(place, "I have the 7")
    await alice.react(message, "7️⃣")
    [stored] = [m for m in place.history() if m.id == message.id]
    assert stored.content == "I have the 7"
    assert stored.reactions == []
    kinds = query(settings.database_path, "SELECT user_id, kind FROM talk_offences")
    assert kinds == [(alice.id, "reaction")]
