"""Cards shown as the application emojis of their faces: on the table, in a hand, on its buttons
and in its menus, for each game; as text faces while the faces are not uploaded."""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord

from bot.app import CardTableBot
from tests.bot.faces.conftest import BotFactory
from tests.bot.helpers import start_game, table_message
from tests.support.messages import components, payload_of

CUSTOM_EMOJI = re.compile(r"<:(?P<name>[a-z0-9_]+):(?P<id>\d+)>")
TEXT_FACES: dict[str, re.Pattern[str]] = {
    "the-game": re.compile(r"`\d+`"),
    "heaven-hell": re.compile(r"[🟥🟨🟩🟦🟪][A-Z]?\d"),
    "level8": re.compile(r"[🟥🟨🟩🟦🟪🟧][A-Z]\d|⭐|⛔"),
}
PREFIXES = {"the-game": "tg_", "heaven-hell": "hh_", "level8": "l8_"}
COMPUTERS = {"the-game": 0, "heaven-hell": 1, "level8": 0}
"""Heaven & Hell needs three players: alice, bob and a computer."""


def texts(message: Any) -> list[str]:
    """What a message shows of cards: its content and its embeds' descriptions and fields (a
    footer is a legend and names the text faces on purpose)."""
    found = [message.content or ""]
    for embed in message.embeds:
        found.append(embed.description or "")
        found += [f"{field.name}\n{field.value}" for field in embed.fields]
    return found


def application_emojis(env: simcord.Env) -> dict[int, str]:
    return {emoji.id: emoji.name for emoji in env.backend.application_emojis.values()}


def emoji_of(component: dict[str, Any]) -> dict[str, Any] | None:
    emoji = component.get("emoji")
    return emoji if isinstance(emoji, dict) and emoji.get("id") else None


def assert_texts_show_faces(env: simcord.Env, shown_texts: list[str], game: str) -> int:
    """No text face in the texts, and every custom emoji in them one of the application's
    faces of this game; returns how many faces they show."""
    owned = application_emojis(env)
    shown = 0
    for text in shown_texts:
        assert not TEXT_FACES[game].search(text), text
        for match in CUSTOM_EMOJI.finditer(text):
            assert owned.get(int(match["id"])) == match["name"], match[0]
            assert match["name"].startswith(PREFIXES[game])
            shown += 1
    return shown


def assert_shown_as_faces(env: simcord.Env, message: Any, game: str) -> int:
    """No text face in the text, a face on every button and menu option naming a card, and
    every custom emoji one of the application's faces of this game; returns how many faces the
    message shows."""
    owned = application_emojis(env)
    shown = assert_texts_show_faces(env, texts(message), game)
    for component in components(message):
        for item in [component, *(component.get("options") or [])]:
            emoji = emoji_of(item)
            if TEXT_FACES[game].search(str(item.get("label") or "")):
                assert emoji is not None, f"{item.get('label')} names a card without its face"
            if emoji is not None:
                assert owned.get(int(emoji["id"])) == emoji["name"]
                assert emoji["name"].startswith(PREFIXES[game])
                shown += 1
    return shown


async def opened(
    env: simcord.Env, bot: CardTableBot, game: str
) -> tuple[simcord.ChannelHandle, simcord.MemberActor]:
    assert bot.face_upload is not None
    await bot.face_upload
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    place = await start_game(
        env, alice, [bob], channel, computers=COMPUTERS[game], command=f"play {game}"
    )
    return place, alice


@pytest.mark.parametrize("game", ["the-game", "heaven-hell", "level8"])
async def test_the_table_and_a_hand_show_every_card_as_its_face(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, game: str
) -> None:
    place, alice = await opened(simcord_env, simcord_bot, game)
    table = table_message(place)
    hand = (await alice.click(table, label="Show my hand")).response
    assert hand is not None
    assert assert_shown_as_faces(simcord_env, table, game) > 0
    assert assert_shown_as_faces(simcord_env, hand, game) > 0


async def test_the_game_hand_shows_each_card_as_its_face_in_text_and_on_its_buttons(
    simcord_env: simcord.Env, simcord_bot: CardTableBot
) -> None:
    place, alice = await opened(simcord_env, simcord_bot, "the-game")
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    in_text = [m["name"].split("_")[1] for m in CUSTOM_EMOJI.finditer(hand.embeds[0].description)]
    buttons = {
        payload: emoji_of(component)
        for component in components(hand)
        if (payload := payload_of(component)) is not None and payload.startswith("c")
    }
    assert sorted(in_text, key=int) == sorted((p[1:] for p in buttons), key=int)
    assert len(in_text) == 7
    for payload, emoji in buttons.items():
        assert emoji is not None and emoji["name"].startswith(f"tg_{payload[1:]}_")
    first = next(c for c in components(hand) if payload_of(c) == f"c{in_text[0]}")
    chosen = (await alice.click(hand, custom_id=first["custom_id"])).response
    assert chosen is not None
    pile_buttons = [c for c in components(chosen) if str(c.get("custom_id")).startswith("ct:do:")]
    assert pile_buttons
    for button in pile_buttons:
        assert str(button.get("label")).startswith("→ "), "the pile alone, narrow on a phone"
    status = next(f for f in chosen.embeds[0].fields if f.name == "Now").value
    assert f":tg_{in_text[0]}_" in status, "the chosen card's face, just above its piles"
    assert_shown_as_faces(simcord_env, chosen, "the-game")


async def test_cards_are_text_until_their_faces_are_uploaded(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, make_bot: BotFactory
) -> None:
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    for emoji_id in list(application_emojis(simcord_env)):
        simcord_env.backend.delete_application_emoji(emoji_id)
    simcord_env.inject_error("POST", "/applications/*/emojis", times=None)
    without = make_bot()
    await simcord_env.restart_bot(without)
    place, alice = await opened(simcord_env, without, "the-game")
    table = table_message(place)
    assert TEXT_FACES["the-game"].search(table.embeds[0].description or "")
    assert not any(CUSTOM_EMOJI.search(text) for text in texts(table))

    simcord_env.backend.faults.clear()
    uploaded = make_bot()
    await simcord_env.restart_bot(uploaded)
    assert uploaded.face_upload is not None
    await uploaded.face_upload
    hand = (await alice.click(table_message(place), label="Show my hand")).response
    assert hand is not None
    assert assert_shown_as_faces(simcord_env, hand, "the-game") > 0


@pytest.mark.parametrize(
    ("game", "count"), [("the-game", 5), ("heaven-hell", 8), ("level8", 8)]
)
async def test_rules_show_what_the_cards_look_like(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, game: str, count: int
) -> None:
    assert simcord_bot.face_upload is not None
    await simcord_bot.face_upload
    guild = simcord_env.create_guild()
    alice = guild.add_member(simcord_env.create_user("alice"))
    rules = (await alice.slash(guild.create_text_channel("games"), "rules", game=game)).response
    assert rules is not None
    cards = {field.name: field.value for field in rules.embeds[0].fields}["The cards"]
    assert len(CUSTOM_EMOJI.findall(cards or "")) == count
    assert assert_shown_as_faces(simcord_env, rules, game) == count
