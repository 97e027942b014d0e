"""The tiny engine's Discord front end: a small but complete example of a `GameUI`.

It shows both ways of acting: a button per card ("Play 7"), and a two-step choice (pick a card
in a select, then "Confirm") that uses `Choice.ui_state` between the steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import discord

from bot.tables.ui import (
    ActionButton,
    ActionSelect,
    Choice,
    Control,
    GameUI,
    HandContext,
    HandPanel,
    Panel,
    TableContext,
)
from games.core.errors import RuleError
from tests.bot.tiny_engine import Hint, Pass, Play, Played, TinyView


class TinyUI(GameUI[TinyView]):
    """The tiny game under its own key: `/play tiny` opens it, `/rules` and `/leaderboard`
    offer it, all from its own message catalogs (`tiny_locales/`)."""

    key = "tiny"
    locales = Path(__file__).parent / "tiny_locales"

    def render_table(self, ctx: TableContext[TinyView]) -> Panel:
        view = ctx.view
        scores = ", ".join(f"{ctx.seats[i].name}={score}" for i, score in enumerate(view.scores))
        played = [
            f"{ctx.seats[e.seat].name} played {e.card}" for e in ctx.events if isinstance(e, Played)
        ]
        embed = discord.Embed(title="Tiny", description=f"scores: {scores}")
        return Panel(content="\n".join(played) or None, embeds=[embed])

    def render_hand(self, ctx: HandContext[TinyView]) -> HandPanel:
        view = ctx.view
        assert view.hand is not None
        plays = [action.card for action in ctx.legal if isinstance(action, Play)]
        controls: list[Control] = [
            ActionButton(label=f"Play {card}", payload=f"p{card}") for card in plays
        ]
        if plays:
            options = [discord.SelectOption(label=str(card), value=str(card)) for card in plays]
            controls.append(ActionSelect(payload="pick", options=options, placeholder="Pick"))
        if ctx.ui_state.startswith("picked "):
            card = ctx.ui_state.removeprefix("picked ")
            controls.append(ActionButton(label="Confirm", payload=f"c{card}"))
        controls += [
            ActionButton(label="Hint low", payload="hlow"),
            ActionButton(label="Hint high", payload="hhigh"),
            ActionButton(label="Pass", payload="pass"),
        ]
        state = f" [{ctx.ui_state}]" if ctx.ui_state else ""
        return HandPanel(content=f"hand: {' '.join(map(str, view.hand))}{state}", controls=controls)

    def choose(self, ctx: HandContext[TinyView], payload: str, values: Sequence[str]) -> Choice:
        if payload == "pick":
            return Choice(ui_state=f"picked {values[0]}")
        if payload == "pass":
            return Choice(action=Pass())
        if payload in ("hlow", "hhigh"):
            return Choice(action=Hint(text="low" if payload == "hlow" else "high"))
        if payload[0] in "pc":
            return Choice(action=Play(card=int(payload[1:])))
        raise RuleError("unknown_control")
