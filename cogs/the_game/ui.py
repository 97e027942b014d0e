"""`TheGameUI`: The Game's tables, hands and end-of-game message for the table machinery."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.stats.model import TeamRanking
from bot.tables.ui import (
    Choice,
    FinishContext,
    GameUI,
    HandContext,
    HandPanel,
    Panel,
    SeatInfo,
    TableContext,
)
from cogs.the_game.faces import FACES, face_key
from cogs.the_game.finish import finish_panel
from cogs.the_game.hand import choose, hand_panel
from cogs.the_game.table import news_lines, table_panel
from cogs.the_game.words import pile_name, text_card
from games.the_game.cards import HIGHEST_CARD, LOWEST_CARD
from games.the_game.result import EXCELLENT_BELOW
from games.the_game.view import TheGameView

MODES = ("standard", "smaller_hands", "expert", "expert_smaller_hands")
"""The variants that change how hard a result is, in leaderboard order."""


def mode_of(options: Mapping[str, Any]) -> str:
    expert, smaller = bool(options.get("expert")), bool(options.get("smaller_hands"))
    return MODES[2 * expert + smaller]



class TheGameUI(GameUI[TheGameView]):
    """`/play the-game` options `expert` and `smaller_hands` are the engine config's own field
    names, so the default `make_config` applies."""

    key = "the-game"
    locales = Path(__file__).parent / "locales"
    menu_rank = 1
    team_ranking = TeamRanking(MODES, mode_of, EXCELLENT_BELOW)
    faces = FACES
    rules_faces = tuple(face_key(value) for value in (1, 100, LOWEST_CARD, 57, HIGHEST_CARD))

    def render_table(self, ctx: TableContext[TheGameView]) -> Panel:
        return table_panel(ctx)

    def describe_moves(
        self, events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
    ) -> list[str]:
        return news_lines(events, seats, tr, faces)

    def render_hand(self, ctx: HandContext[TheGameView]) -> HandPanel:
        return hand_panel(ctx)

    def choose(self, ctx: HandContext[TheGameView], payload: str, values: Sequence[str]) -> Choice:
        """Only the card buttons are steps of the UI: the other controls carry their actions."""
        return choose(payload)

    def render_finish(self, ctx: FinishContext[TheGameView]) -> Panel | None:
        return finish_panel(ctx)

    def error_params(self, params: dict[str, Any], tr: Texts) -> dict[str, Any]:
        """Engine errors name piles by index and cards by value; players read ▲A and `57`."""
        if "pile" in params:
            params["pile"] = pile_name(int(params["pile"]))
        for name in ("card", "top"):
            if name in params:
                params[name] = text_card(int(params[name]))
        return params
