"""`Level8UI`: Level 8's table, hands, round summaries and end-of-game message for the table
machinery."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from cogs.level8.faces import FACES, SKIP_KEY, WILD_KEY, face_key
from cogs.level8.hand import choose, hand_panel
from cogs.level8.moves import move_lines
from cogs.level8.notices import finish_panel, round_panels
from cogs.level8.table import table_panel
from cogs.level8.words import text_card
from games.core.base import Engine
from games.level8.cards import Colour, number_card
from games.level8.config import LevelSide
from games.level8.view import Level8View


class Level8UI(GameUI[Level8View]):
    key = "level8"
    locales = Path(__file__).parent / "locales"
    menu_rank = 3
    faces = FACES
    rules_faces = (*(face_key(number_card(7, colour)) for colour in Colour), WILD_KEY, SKIP_KEY)

    def make_config(self, engine: Engine, options: Mapping[str, Any]) -> BaseModel:
        """`/play level8 [deck] [side]` names the config's own fields. Tables opened before
        stored the side as a switch, `hard`: Play again under such a game keeps its side."""
        if "hard" in options:
            side = LevelSide.HARD if options["hard"] else LevelSide.STANDARD
            options = {**{k: v for k, v in options.items() if k != "hard"}, "side": side}
        return super().make_config(engine, options)

    def render_table(self, ctx: TableContext[Level8View]) -> Panel:
        return table_panel(ctx)

    def render_notices(self, ctx: TableContext[Level8View]) -> list[Panel]:
        return round_panels(ctx)

    def render_hand(self, ctx: HandContext[Level8View]) -> HandPanel:
        return hand_panel(ctx)

    def describe_moves(
        self, events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
    ) -> list[str]:
        return move_lines(events, seats, tr, faces)

    def round_of(self, view: Level8View) -> int | None:
        return view.round

    def choose(self, ctx: HandContext[Level8View], payload: str, values: Sequence[str]) -> Choice:
        return choose(ctx, payload, values)

    def render_finish(self, ctx: FinishContext[Level8View]) -> Panel | None:
        return finish_panel(ctx)

    def error_params(self, params: dict[str, Any], tr: Texts) -> dict[str, Any]:
        """Engine errors name cards by id and group kinds by code; players read `🟥R7` and
        "run"."""
        if "card" in params:
            params["card"] = text_card(int(params["card"]))
        if "kind" in params:
            params["kind"] = tr(f"level8.kind.{params['kind']}")
        if "values" in params:
            params["values"] = ", ".join(str(value) for value in params["values"]) or "—"
        return params
