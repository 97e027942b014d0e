"""The talk rule on Discord: card values said during a running game of The Game are removed or
warned about, counts pass, and nothing is checked anywhere else."""

from __future__ import annotations

import re

import discord
import pytest
import simcord

from bot.app import CardTableBot
from bot.i18n import Texts
from bot.settings import Settings
from games.the_game.table_talk import reveals_number
from tests.bot.conftest import BotFactory, GameRegistration
from tests.bot.helpers import (
    alice_and_bob_at_a_table,
    cancel_game,
    channel_denying_the_bot,
    hand_cards,
    query,
    table_message,
)
from tests.support.catalogs import game_locales
from tests.support.stand_in_engine import STAND_IN_ENGINE
from tests.talk.stand_in import TALK_GAME, register_stand_in, start_talk_game
from tests.tiny_cog.ui import TinyUI


def talk_bot(make_bot: BotFactory) -> CardTableBot:
    """The test bot with the table-talk cog, which the shared fixtures do not load."""
    bot = make_bot()
    bot.extension_names.append("cogs.the_game.table_talk")
    return bot


@pytest.fixture
def register_games() -> GameRegistration:
    return register_stand_in


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> CardTableBot:
    return talk_bot(make_bot)


def texts(place: simcord.ChannelHandle) -> list[str]:
    return [message.content for message in place.history()]


def notices(place: simcord.ChannelHandle) -> list[str]:
    return [text for text in texts(place) if text.startswith("🤐")]


def offences(settings: Settings) -> list[tuple[object, ...]]:
    return query(
        settings.database_path,
        "SELECT game_id, user_id, kind FROM talk_offences ORDER BY id",
    )


def reactions(message: discord.Message, place: simcord.ChannelHandle) -> list[str]:
    current = next(m for m in place.history() if m.id == message.id)
    return [str(reaction.emoji) for reaction in current.reactions]


async def configure(
    env: simcord.Env, guild: simcord.GuildHandle, channel: simcord.ChannelHandle, **options: str
) -> None:
    """`/settings` by a member with Manage Server."""
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    await admin.slash(channel, "settings", **options)


async def alice_and_bob_warned(
    env: simcord.Env,
) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    """A talk game of alice and bob in #games, on a server whose talk rule only warns."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await configure(env, guild, channel, **{"talk-rule": "warn"})
    return await start_talk_game(env, alice, [bob], channel), alice, bob


async def test_a_number_in_the_game_thread_is_deleted_and_the_notice_fades(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, _alice, bob = await alice_and_bob_at_a_table(env, TALK_GAME)
    await bob.send(place, "je peux poser le 42 tout de suite")
    assert not any("42" in text for text in texts(place))
    [notice] = notices(place)
    assert notice.startswith(f"🤐 <@{bob.id}>")
    assert notice == (
        f"🤐 <@{bob.id}> Your message was removed: it gives away a card value (in digits). "
        "Saying how many cards, piles or turns is fine."
    )
    await env.advance_time(10)
    assert notices(place) == []
    assert offences(settings) == [(1, bob.id, "message")]


async def test_a_burst_of_numbers_gets_one_notice_at_a_time(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_at_a_table(env, TALK_GAME)
    for text in ("3", "4", "5"):
        await bob.send(place, text)
    await alice.send(place, "9")
    assert not {"3", "4", "5", "9"} & set(texts(place))
    assert len(notices(place)) == 2
    await env.advance_time(10)
    await bob.send(place, "6")
    assert len(notices(place)) == 1
    assert len(offences(settings)) == 5


async def test_the_rule_holds_after_a_restart(
    simcord_env: simcord.Env, settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    place, _alice, bob = await alice_and_bob_at_a_table(env, TALK_GAME)
    await env.restart_bot(talk_bot(make_bot))
    await bob.send(place, "forty-four?")
    assert "forty-four?" not in texts(place)
    assert offences(settings) == [(1, bob.id, "message")]


async def test_the_notice_says_what_was_found_without_repeating_it(
    simcord_env: simcord.Env,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await configure(env, guild, channel, language="fr")
    await alice.send(place, "j'ai le quatre-vingt-dix-sept")
    [notice] = notices(place)
    assert "il dévoile une valeur de carte (en toutes lettres)" in notice
    assert "quatre" not in notice


async def test_ordinary_chat_and_the_bots_own_messages_stay(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    place, alice, bob = await alice_and_bob_at_a_table(simcord_env, TALK_GAME)
    await bob.send(place, "on joue sur la deuxième pile ? I can help a bit there")
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    card = hand_cards(hand)[0]
    await alice.click(hand, label=f"Play {card}")
    assert f"alice played {card}" in table_message(place).content
    assert "on joue sur la deuxième pile ? I can help a bit there" in texts(place)
    assert notices(place) == [] and offences(settings) == []
    await bob.send(place, "I can help, I have the eleven")
    assert "I can help, I have the eleven" not in texts(place)


async def test_spectators_in_the_game_thread_are_bound_too(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    carol = guild.add_member(env.create_user("carol"))
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await carol.send(place, "alice has the seven")
    assert "alice has the seven" not in texts(place)
    assert len(notices(place)) == 1


COUNT_TALK = [
    "je vais poser deux cartes",
    "I'll play three cards this turn",
    "il me reste trois cartes en main",
    "we have four piles",
    "on est que deux",
    "back in 5 minutes",
]


async def test_count_talk_stays_in_delete_and_warn_modes(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_talk_game(env, alice, [bob], channel)
    for text in COUNT_TALK:
        await bob.send(place, text)
    await configure(env, guild, channel, **{"talk-rule": "warn"})
    for text in COUNT_TALK:
        await alice.send(place, text)
    assert [text for text in texts(place) if text in COUNT_TALK] == COUNT_TALK * 2
    assert notices(place) == [] and offences(settings) == []


async def test_a_count_next_to_a_card_value_is_removed_for_the_value(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    place, _alice, bob = await alice_and_bob_at_a_table(simcord_env, TALK_GAME)
    await bob.send(place, "je pose deux cartes, le 30 et le 31")
    assert "je pose deux cartes, le 30 et le 31" not in texts(place)
    [notice] = notices(place)
    assert "it gives away a card value (in digits)" in notice
    assert "30" not in notice and "31" not in notice
    assert offences(settings) == [(1, bob.id, "message")]


async def test_a_gap_between_values_is_named_as_such(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await configure(env, guild, channel, **{"talk-rule": "warn"})
    await alice.send(place, "I'm ten below the top of ▼C")
    assert "I'm ten below the top of ▼C" in texts(place)
    [notice] = notices(place)
    assert notice == (
        f"🤐 <@{alice.id}> Please keep card values secret: your message gives away a gap between "
        "card values (in words). Saying how many cards, piles or turns is fine."
    )


async def test_nothing_is_checked_in_a_lobby_or_another_channel(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    elsewhere = guild.create_text_channel("chat")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play the-game")).response
    assert lobby is not None
    await bob.send(channel, "I'll join at 7 pm")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await bob.send(elsewhere, "twenty two is my favourite number")
    await bob.send(channel, "see you at 8")
    assert "I'll join at 7 pm" in texts(channel) and "see you at 8" in texts(channel)
    assert texts(elsewhere) == ["twenty two is my favourite number"]
    assert offences(settings) == []
    await bob.send(channel.threads[0], "see you at 8")
    assert offences(settings) == [(1, bob.id, "message")]


async def test_nothing_is_checked_after_the_game(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await alice.send(place, "good luck, start low: 2")
    assert "good luck, start low: 2" not in texts(place)
    for _ in range(5):
        hand = (await alice.click(table_message(place), label="Show my hand")).response
        assert hand is not None
        await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    assert query(settings.database_path, "SELECT status FROM games") == [("finished",)]
    await alice.send(place, "well played, I had the 12 all along")
    assert "well played, I had the 12 all along" in texts(place)
    assert len(offences(settings)) == 1


async def test_nothing_is_checked_after_a_cancel(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await alice.send(place, "ok 5")
    await cancel_game(alice, place)
    await alice.send(place, "I had a 5")
    assert "ok 5" not in texts(place) and "I had a 5" in texts(place)
    assert len(offences(settings)) == 1


async def test_an_edit_that_brings_a_number_is_deleted(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    place, _alice, bob = await alice_and_bob_at_a_table(simcord_env, TALK_GAME)
    message = await bob.send(place, "I can play close to that")
    await bob.edit(message, "I can play close to that, really close")
    assert "I can play close to that, really close" in texts(place)
    await bob.edit(message, "I can play n.i.n.e")
    assert message.id not in [m.id for m in place.history()]
    [notice] = notices(place)
    assert notice.startswith(
        f"🤐 <@{bob.id}> Your edited message was removed: it gives away a card value (spelled out "
        "in pieces)."
    )
    assert offences(settings) == [(1, bob.id, "edit")]


async def test_a_forwarded_number_is_deleted(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    notes = guild.create_text_channel("notes")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_talk_game(env, alice, [bob], channel)
    note = await bob.send(notes, "my hand: 12 40 77")
    await bob.forward(note, place)
    assert [m.id for m in place.history() if m.message_snapshots] == []
    assert offences(settings) == [(1, bob.id, "message")]


async def test_number_reactions_are_removed(simcord_env: simcord.Env, settings: Settings) -> None:
    place, alice, bob = await alice_and_bob_at_a_table(simcord_env, TALK_GAME)
    message = await alice.send(place, "which pile should I play on?")
    for emoji in ("7️⃣", "👍", "1️⃣", "🔟"):
        await bob.react(message, emoji)
    assert reactions(message, place) == ["👍", "1️⃣"]
    assert [kind for _, _, kind in offences(settings)] == ["reaction", "reaction"]
    assert all("Your reaction was removed: it gives away a card value (as an emoji)." in n
               for n in notices(place))


async def test_warn_mode_keeps_messages_and_reactions_but_warns(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    place, alice, bob = await alice_and_bob_warned(env)
    message = await bob.send(place, "my lowest is a 3")
    await alice.react(message, "5️⃣")
    assert "my lowest is a 3" in texts(place)
    assert reactions(message, place) == ["5️⃣"]
    assert len(notices(place)) == 2
    assert "Please keep card values secret: your message gives away a card value (in digits)." in (
        notices(place)[0]
    )
    await env.advance_time(10)
    assert notices(place) == []
    assert offences(settings) == [(1, bob.id, "message"), (1, alice.id, "reaction")]


async def test_an_offence_left_in_place_counts_once_however_often_it_is_updated(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    """Discord sends an update with the last edit's time when a message is pinned, the text
    unchanged: a warned message is one offence, and an edit that reveals again is another."""
    env = simcord_env
    place, _alice, bob = await alice_and_bob_warned(env)
    message = await bob.send(place, "my lowest is a 3")
    await bob.edit(message, "my lowest is a 3")
    await bob.edit(message, "my lowest is a 3")
    assert offences(settings) == [(1, bob.id, "message")]
    await env.advance_time(10)
    await bob.edit(message, "my lowest is a 4")
    assert offences(settings) == [(1, bob.id, "message"), (1, bob.id, "edit")]


async def test_off_mode_does_nothing_until_switched_back(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "settings", **{"talk-rule": "off"})
    place = await start_talk_game(env, alice, [bob], channel)
    message = await bob.send(place, "my lowest is a 3")
    await alice.react(message, "5️⃣")
    assert "my lowest is a 3" in texts(place)
    assert reactions(message, place) == ["5️⃣"]
    assert notices(place) == [] and offences(settings) == []
    await alice.slash(place, "settings", **{"talk-rule": "delete"})
    await bob.send(place, "my highest is a 90")
    assert "my highest is a 90" not in texts(place)


async def test_in_a_channel_game_only_seated_players_are_checked(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = channel_denying_the_bot(guild, create_public_threads=False)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    lobby = (await alice.slash(channel, "play the-game")).response
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await carol.send(channel, "have fun, back at 5")
    await alice.click(lobby, label="Start")
    await carol.send(channel, "meeting at 6 tonight")
    await bob.send(channel, "I have the 6")
    assert "have fun, back at 5" in texts(channel) and "meeting at 6 tonight" in texts(channel)
    assert "I have the 6" not in texts(channel)
    assert offences(settings) == [(1, bob.id, "message")]


async def test_without_manage_messages_the_bot_says_so_once_and_warns(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = channel_denying_the_bot(guild, manage_messages=False)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_talk_game(env, alice, [bob], channel)
    missing = [text for text in texts(place) if "Manage Messages" in text]
    assert missing == [
        "⚠️ I cannot enforce The Game's talk rule here: I need the **Manage Messages** permission "
        "in this channel to delete messages and reactions that reveal card values. Until then I "
        "only warn."
    ]
    message = await bob.send(place, "my lowest is a 3")
    await bob.send(place, "and then a 4")
    await alice.react(message, "8️⃣")
    assert "my lowest is a 3" in texts(place) and "and then a 4" in texts(place)
    assert reactions(message, place) == ["8️⃣"]
    assert [text for text in texts(place) if "Manage Messages" in text] == missing
    assert len(notices(place)) == 2  # one per member while it is shown
    await env.advance_time(10)
    assert notices(place) == []
    assert [text for text in texts(place) if "Manage Messages" in text] == missing
    assert [kind for _, _, kind in offences(settings)] == ["message", "message", "reaction"]


async def test_in_warn_mode_missing_manage_messages_is_no_problem(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = channel_denying_the_bot(guild, manage_messages=False)
    alice = guild.add_member(env.create_user("alice"))
    await configure(env, guild, channel, **{"talk-rule": "warn"})
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await alice.send(place, "I'll start with 2")
    assert len(notices(place)) == 1
    assert not any("Manage Messages" in text for text in texts(place))


async def test_other_bots_and_webhooks_are_not_checked(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = channel_denying_the_bot(guild, create_public_threads=False)
    alice = guild.add_member(env.create_user("alice"))
    dice = guild.add_member(env.create_user("dice", bot=True))
    hook = guild.create_webhook(channel)
    place = await start_talk_game(env, alice, [], channel, computers=1)
    await dice.send(place, "🎲 you rolled 17")
    await hook.send("build 42 passed")
    assert "🎲 you rolled 17" in texts(place) and "build 42 passed" in texts(place)
    assert offences(settings) == []
    await alice.send(place, "nice, 17")
    assert offences(settings) == [(1, alice.id, "message")]


class OtherGameUI(TinyUI):
    key = "level8"
    locales = game_locales("level8")


def stand_in_and_other_game(bot: CardTableBot) -> None:
    register_stand_in(bot)
    bot.games.register(OtherGameUI(), engine=STAND_IN_ENGINE)


@pytest.mark.parametrize("register_games", [stand_in_and_other_game])
async def test_other_games_are_not_checked(simcord_env: simcord.Env, settings: Settings) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    lobby = (await alice.slash(channel, "play level8")).response
    assert lobby is not None
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    place = channel.threads[0]
    await bob.send(place, "I have three 8s")
    assert "I have three 8s" in texts(place)
    assert offences(settings) == []


async def test_rules_say_in_both_languages_what_may_and_may_not_be_said(
    simcord_env: simcord.Env,
) -> None:
    """The talk-rule line of `/rules the-game` quotes first what may be said, then what may not,
    and the rule treats both examples as it says."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "rules", game="the-game")
    assert result.response is not None
    english = result.response.embeds[0].description or ""
    assert english == Texts("en")("the_game.rules")
    french = Texts("fr")("the_game.rules")
    for text, quote in ((english, r"“([^”]+)”"), (french, r"«\xa0([^»]+)\xa0»")):
        [line] = [
            line for line in text.splitlines()
            if line.startswith(("**Talk rule", "**Règle de parole"))
        ]
        allowed, forbidden, *_ = re.findall(quote, line)
        assert not reveals_number(allowed), allowed
        assert reveals_number(forbidden), forbidden
