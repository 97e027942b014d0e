"""A replay step shows the cards by their faces, as a live table does, and stays within
Discord's limits: a step that the faces (about ten times as long as a text face) would take past
them tells its moves and hands with text faces, then draws its table with text faces too."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest
from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.faces.upload import emoji_name
from bot.history.records import PastGame, PastSeat
from bot.history.render import step_embeds
from bot.history.timeline import Timeline
from bot.i18n import Texts
from bot.tables.records import GameStatus
from bot.tables.ui import GameUI, Panel, TableContext
from cogs.level8.ui import Level8UI
from games.core.simulate import play_out
from tests.bot.faces.test_shown import CUSTOM_EMOJI, TEXT_FACES
from tests.support.discord_limits import BIG_ID, check_panel
from tests.support.games import engine_of, faced_game_keys, registered_games

LONGEST_NAME = 32
"""Discord's longest display name: a seat's name is written on the table and over its hand."""


def uploaded(ui: GameUI[Any]) -> CardFaces:
    """The game's faces as the upload leaves them, with ids as long as Discord's."""
    faces = CardFaces()
    for number, face in enumerate(ui.faces):
        faces.add(face.key, discord.PartialEmoji(name=emoji_name(face), id=BIG_ID + number))
    return faces


def played(key: str, seats: int, seed: int) -> tuple[PastGame, Timeline]:
    """A whole game of `key` played by its computers, as the history reads it back."""
    engine = engine_of(key)
    policy = engine.policy(engine.game_type.default_policy)
    log: list[tuple[int, str]] = []

    class Logged:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[BaseModel], rng: random.Random) -> BaseModel:
            action: BaseModel = policy.choose(view, legal, rng)
            log.append((self.seat, action.model_dump_json()))
            return action

    config = engine.config_model()
    start = engine.new_game(config, seats, seed)[0]
    play_out(engine, start, [Logged(seat) for seat in range(seats)], random.Random(seed))
    ui = registered_games().ui(key)
    assert ui is not None
    timeline = Timeline(engine, config.model_dump_json(), seats, seed, log, ui.round_of)
    names = (f"{seat}".ljust(LONGEST_NAME, "W") for seat in range(seats))
    game = PastGame(
        id=1,
        guild_id=1,
        game_key=key,
        status=GameStatus.FINISHED,
        started_at=0.0,
        ended_at=600.0,
        action_count=len(log),
        outcome=None,
        seats=tuple(PastSeat(seat, BIG_ID + seat, name, False) for seat, name in enumerate(names)),
    )
    return game, timeline


def length(embeds: list[discord.Embed]) -> int:
    return sum(len(embed) for embed in embeds)


@pytest.mark.parametrize("key", faced_game_keys())
def test_every_step_of_a_full_table_shows_its_cards_as_faces_within_discords_limits(
    key: str,
) -> None:
    """At the most seats a game allows, with the longest names, in French (the longer texts)."""
    ui = registered_games().ui(key)
    assert ui is not None
    game, timeline = played(key, engine_of(key).game_type.max_players, 3)
    faces, tr = uploaded(ui), Texts("fr")
    for number in range(timeline.length + 1):
        embeds = step_embeds(game, timeline, timeline.step(number), ui, tr, faces)
        check_panel(Panel(embeds=embeds))
        hands = [field.value or "" for field in embeds[-1].fields]
        assert not any(TEXT_FACES[key].search(hand) for hand in hands), number
        assert any(CUSTOM_EMOJI.search(hand) for hand in hands) or number == timeline.length
        assert not any(hand.endswith("…") for hand in hands), number


class CrowdedTable(Level8UI):
    """Level 8 with `extra` characters more on its table (a table with more to say than
    today's), in embeds of their own within Discord's 4,096 per description."""

    extra = 1

    def render_table(self, ctx: TableContext[Any]) -> Panel:
        panel = super().render_table(ctx)
        filler = [
            discord.Embed(description="·" * min(4000, self.extra - start))
            for start in range(0, self.extra, 4000)
        ]
        return Panel(content=panel.content, embeds=[*panel.embeds, *filler])


def test_a_step_too_long_with_faces_tells_its_hands_then_its_table_with_text_faces() -> None:
    game, timeline = played("level8", 3, 1)
    step, tr = timeline.step(0), Texts("en")
    ui = CrowdedTable()
    faces = uploaded(ui)
    with_faces = step_embeds(game, timeline, step, ui, tr, faces)
    as_text = step_embeds(game, timeline, step, ui, tr, CardFaces())
    table_faces, told_faces = length(with_faces[:-1]) - 1, len(with_faces[-1])
    table_text, told_text = length(as_text[:-1]) - 1, len(as_text[-1])
    assert told_faces > told_text and table_faces > table_text, "faces are longer"

    ui.extra = 6000 - table_faces - told_text
    shown = step_embeds(game, timeline, step, ui, tr, faces)
    check_panel(Panel(embeds=shown))
    assert length(shown) == 6000
    assert shown[-1].to_dict() == as_text[-1].to_dict(), "the hands are told with text faces"
    assert CUSTOM_EMOJI.search(str([embed.to_dict() for embed in shown[:-1]])), "not the table"

    ui.extra = 6000 - table_text - told_text
    shown = step_embeds(game, timeline, step, ui, tr, faces)
    check_panel(Panel(embeds=shown))
    assert length(shown) == 6000
    assert shown[-1].to_dict() == as_text[-1].to_dict()
    assert not CUSTOM_EMOJI.search(str([embed.to_dict() for embed in shown])), "nor the table"
