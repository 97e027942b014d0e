"""The faces become the application's emojis at start-up, once: a second start creates none, a
changed face is replaced, and emojis that are not faces are left alone."""

from __future__ import annotations

import pytest
import simcord

from bot.app import CardTableBot
from bot.faces.drawing import Face, FaceDrawing
from bot.faces.upload import emoji_name
from cogs.the_game.ui import TheGameUI
from tests.bot.faces.conftest import BotFactory

FACE_COUNT = 220


def emoji_names(env: simcord.Env) -> dict[int, str]:
    return {emoji.id: emoji.name for emoji in env.backend.application_emojis.values()}


async def uploaded(bot: CardTableBot) -> None:
    assert bot.face_upload is not None
    await bot.face_upload


async def test_a_started_bot_owns_one_emoji_per_face_and_a_restart_creates_none(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, make_bot: BotFactory
) -> None:
    await uploaded(simcord_bot)
    first = emoji_names(simcord_env)
    faces = [face for ui in simcord_bot.games.uis() for face in ui.faces]
    assert len(faces) == FACE_COUNT
    assert sorted(first.values()) == sorted(emoji_name(face) for face in faces)
    assert len(simcord_bot.card_faces) == FACE_COUNT

    again = make_bot()
    await simcord_env.restart_bot(again)
    await uploaded(again)
    assert emoji_names(simcord_env) == first
    assert len(again.card_faces) == FACE_COUNT
    assert again.card_faces.emoji("tg_57") == simcord_bot.card_faces.emoji("tg_57")


async def test_a_changed_face_is_replaced_and_other_emojis_are_untouched(
    simcord_env: simcord.Env,
    simcord_bot: CardTableBot,
    make_bot: BotFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    foreign = simcord_env.backend.create_application_emoji("party_parrot")
    lookalike = simcord_env.backend.create_application_emoji("tg_57")
    await uploaded(simcord_bot)
    before = emoji_names(simcord_env)
    old_57 = next(i for i, name in before.items() if name.startswith("tg_57_"))

    redrawn = Face("tg_57", FaceDrawing(label="57", background="#000000", ink="#ffff00"))
    faces = tuple(redrawn if face.key == "tg_57" else face for face in TheGameUI.faces)
    monkeypatch.setattr(TheGameUI, "faces", faces)
    again = make_bot()
    await simcord_env.restart_bot(again)
    await uploaded(again)

    after = emoji_names(simcord_env)
    assert old_57 not in after
    assert set(after.values()) - set(before.values()) == {emoji_name(redrawn)}
    assert len(after) == len(before)
    assert after[foreign.id] == "party_parrot" and after[lookalike.id] == "tg_57"
    shown = again.card_faces.emoji("tg_57")
    assert shown is not None and shown.name == emoji_name(redrawn)



@pytest.mark.parametrize("status", [429, 500, 400])
async def test_a_refused_upload_leaves_that_card_as_text_until_a_later_start(
    simcord_env: simcord.Env, simcord_bot: CardTableBot, make_bot: BotFactory, status: int
) -> None:
    await uploaded(simcord_bot)
    for emoji_id, name in emoji_names(simcord_env).items():
        if name.startswith(("tg_57_", "l8_wild_")):
            simcord_env.backend.delete_application_emoji(emoji_id)
    simcord_env.inject_error("POST", "/applications/*/emojis", status=status, times=None)
    refused = make_bot()
    await simcord_env.restart_bot(refused)
    await uploaded(refused)
    assert refused.card_faces.emoji("tg_57") is None
    assert refused.card_faces.inline("tg_57", "`57`") == "`57`"
    assert refused.card_faces.emoji("tg_58") is not None

    simcord_env.backend.faults.clear()
    later = make_bot()
    await simcord_env.restart_bot(later)
    await uploaded(later)
    assert later.card_faces.emoji("tg_57") is not None
    assert len(emoji_names(simcord_env)) == FACE_COUNT
