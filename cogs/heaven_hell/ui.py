"""`HeavenHellUI`: Heaven & Hell's table, hands, round summaries and end-of-game message for the
table machinery."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
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
from cogs.heaven_hell.faces import DOUBLE_KEY, FACES, face_key, side_key
from cogs.heaven_hell.hand import choose, hand_panel
from cogs.heaven_hell.moves import move_lines
from cogs.heaven_hell.notices import finish_panel, round_panels
from cogs.heaven_hell.table import table_panel
from cogs.heaven_hell.words import mark, side_name
from games.heaven_hell.cards import Colour, Side
from games.heaven_hell.view import HeavenHellView


class HeavenHellUI(GameUI[HeavenHellView]):
    """`/play heaven-hell` has no options, so the default `make_config` (the rules' game, one
    round per player) applies."""

    key = "heaven-hell"
    locales = Path(__file__).parent / "locales"
    menu_rank = 2
    faces = FACES
    rules_faces = (
        *(face_key(colour, value) for value, colour in enumerate(Colour, start=1)),
        DOUBLE_KEY,
        *(side_key(side) for side in Side),
    )

    def render_table(self, ctx: TableContext[HeavenHellView]) -> Panel:
        return table_panel(ctx)

    def render_notices(self, ctx: TableContext[HeavenHellView]) -> list[Panel]:
        return round_panels(ctx)

    def render_hand(self, ctx: HandContext[HeavenHellView]) -> HandPanel:
        return hand_panel(ctx)

    def describe_moves(
        self, events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
    ) -> list[str]:
        return move_lines(events, seats, tr, faces)

    def round_of(self, view: HeavenHellView) -> int | None:
        return view.round

    def choose(
        self, ctx: HandContext[HeavenHellView], payload: str, values: Sequence[str]
    ) -> Choice:
        return choose(ctx, payload, values)

    def render_finish(self, ctx: FinishContext[HeavenHellView]) -> Panel | None:
        return finish_panel(ctx)

    def error_params(self, params: dict[str, Any], tr: Texts) -> dict[str, Any]:
        """Engine errors name colours and sides by their codes; players read 🟥R and "heaven"."""
        for name in ("colour", "asking"):
            if name in params:
                params[name] = mark(Colour(params[name]))
        if "side" in params:
            params["side"] = side_name(tr, Side(params["side"]))
        return params
