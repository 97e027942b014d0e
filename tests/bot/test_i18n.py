"""Both languages say the same things; commands and public messages follow the right language."""

from __future__ import annotations

import importlib
import string

import discord
import pytest
import simcord
import simcord.interactions
from discord import app_commands

from bot.i18n import Texts, normalize_locale
from bot.i18n.catalog import LOCALES_DIR
from bot.i18n.translator import CatalogTranslator, command_text
from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS
from tests.bot.helpers import button_labels, hand_cards, query, start_game, table_message
from tests.support.catalogs import GAME_LOCALES, full_catalog
from tests.support.locale import speak_french
from tests.support.table_driver import drain


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_french_and_english_catalogs_have_the_same_keys_and_placeholders() -> None:
    catalog = full_catalog()
    english, french = catalog.messages["en"], catalog.messages["fr"]
    assert english, "no English messages loaded"
    assert sorted(english) == sorted(french)
    for key, text in english.items():
        assert placeholders(text) == placeholders(french[key]), key


def test_each_area_has_a_file_in_both_languages() -> None:
    for folder in (LOCALES_DIR, *GAME_LOCALES):
        areas = {
            lang: {path.name for path in (folder / lang).glob("*.json")} for lang in ("en", "fr")
        }
        assert areas["en"] == areas["fr"], folder


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("en-US", "en"),
        ("de", "en"),
        (None, "en"),
        (discord.Locale.french, "fr"),
        (discord.Locale.british_english, "en"),
    ],
)
def test_locales_fall_back_to_english(value: str | discord.Locale | None, expected: str) -> None:
    assert normalize_locale(value) == expected


def test_texts_format_and_fall_back() -> None:
    assert Texts("fr")("errors.table_full", max=4) == "La table est complète (4 joueurs au plus)."
    assert Texts("de")("errors.table_full", max=4) == "The table is full (4 players at most)."


async def test_command_names_are_translated_for_french_clients() -> None:
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    name = command_text("play.name")
    assert name.message == "play"
    assert await translator.translate(name, discord.Locale.french, context) == "jouer"
    assert await translator.translate(name, discord.Locale.american_english, context) is None


@pytest.mark.parametrize("bot_extensions", [[*EXTENSIONS, "cogs.the_game"]])
async def test_synced_commands_carry_french_localisations(simcord_env: simcord.Env) -> None:
    tree = simcord_env.bot.tree  # type: ignore[attr-defined]
    payload = {
        command["name"]: command
        for command in [
            await command.get_translated_payload(tree, tree.translator)
            for command in tree.get_commands()
        ]
    }
    assert payload["play"]["name_localizations"]["fr"] == "jouer"
    assert payload["rules"]["name_localizations"]["fr"] == "regles"
    the_game = next(opt for opt in payload["play"]["options"] if opt["name"] == "the-game")
    smaller = next(opt for opt in the_game["options"] if opt["name"] == "smaller-hands")
    assert smaller["name_localizations"]["fr"] == "mains-reduites"


async def test_public_messages_follow_the_server_language(simcord_env: simcord.Env) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    assert lobby.message.embeds[0].title == "Mini — table ouverte"


async def test_settings_language_overrides_the_server_locale(
    simcord_env: simcord.Env, settings: Settings
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    result = await admin.slash(channel, "settings", language="en", **{"turn-minutes": 2})
    assert result.response is not None and result.response.ephemeral
    assert "Settings saved." in result.response.content
    assert query(settings.database_path, "SELECT locale, turn_seconds FROM guild_settings") == [
        ("en", 120)
    ]
    lobby = (await admin.slash(channel, "play tiny-game")).response
    assert lobby is not None
    embed = lobby.message.embeds[0]
    assert embed.title == "Tiny — table open"
    assert next(f.value for f in embed.fields if f.name == "Time per turn") == "2 min"


async def test_ephemeral_answers_follow_the_users_language(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SimCord's users all speak en-US; this one's client speaks French."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play tiny-game")).response
    assert lobby is not None
    speak_french(monkeypatch)
    result = await alice.click(lobby, label="Join")
    assert [m.content for m in result.followups] == ["Tu as déjà une place à cette table."]
    assert lobby.message.embeds[0].title == "Tiny — table open"
    rules = (await alice.slash(channel, "rules", game="tiny-game")).response
    assert rules is not None and rules.embeds[0].title == "Règles de Mini"


def test_plural_follows_each_languages_rule() -> None:
    from bot.i18n import Texts

    en, fr = Texts("en"), Texts("fr")
    assert [en.plural("leaderboard.count.games", n) for n in (0, 1, 2)] == [
        "0 games",
        "1 game",
        "2 games",
    ]
    assert [fr.plural("leaderboard.count.games", n) for n in (0, 1, 2)] == [
        "0 partie",
        "1 partie",
        "2 parties",
    ]


def test_a_negative_count_takes_the_form_of_its_size_and_a_true_minus() -> None:
    importlib.import_module("cogs.heaven_hell")  # its catalogs come with its UI
    assert Texts("en").plural("heaven_hell.result_score", -1) == "−1 point"
    assert Texts("en").plural("heaven_hell.result_score", -6) == "−6 points"
    assert Texts("fr").plural("heaven_hell.result_score", -1) == "−1 point"
    assert Texts("fr").plural("heaven_hell.result_score", -22) == "−22 points"


async def test_a_language_changed_during_a_game_shows_at_the_next_move(
    simcord_env: simcord.Env,
) -> None:
    """The server's settings are kept in memory once read (issue 38): `/settings` stores its
    change there too, so the table's next update is in the new language."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(env, alice, [bob], channel)
    assert "Show my hand" in button_labels(table_message(place))
    await alice.slash(channel, "settings", language="fr")
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None

    await alice.click(hand, label=f"Play {hand_cards(hand)[0]}")
    await drain(env)

    assert Texts("fr")("table.show_hand") in button_labels(table_message(place))
