"""The tiny engine's Discord front end: a small but complete example of a `GameUI`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.tables.ui import ActionButton, Choice, GameUI, HandContext, HandPanel, Panel, TableContext
from games.core.errors import RuleError
from tests.bot.tiny_engine import Hint, Play, Played, TinyView


class TinyUI(GameUI):
    """Registered under The Game's key in tests, so `/play the-game` opens a tiny game."""

    key = "the-game"

    def render_table(self, ctx: TableContext) -> Panel:
        view = ctx.view
        assert isinstance(view, TinyView)
        scores = ", ".join(f"{ctx.seats[i].name}={score}" for i, score in enumerate(view.scores))
        played = [
            f"{ctx.seats[e.seat].name} played {e.card}" for e in ctx.events if isinstance(e, Played)
        ]
        embed = discord.Embed(title="Tiny", description=f"scores: {scores}")
        return Panel(content="\n".join(played) or None, embeds=[embed])

    def render_hand(self, ctx: HandContext) -> HandPanel:
        view = ctx.view
        assert isinstance(view, TinyView) and view.hand is not None
        buttons = [
            ActionButton(label=f"Play {action.card}", payload=f"p{action.card}")
            for action in ctx.legal
            if isinstance(action, Play)
        ]
        buttons += [
            ActionButton(label="Hint low", payload="hlow"),
            ActionButton(label="Hint high", payload="hhigh"),
        ]
        text = f"hand: {' '.join(map(str, view.hand))}" + (
            f" [{ctx.ui_state}]" if ctx.ui_state else ""
        )
        return HandPanel(content=text, controls=list(buttons))

    def choose(self, ctx: HandContext, payload: str, values: Sequence[str]) -> Choice:
        if payload.startswith("p"):
            return Choice(action=Play(card=int(payload[1:])))
        if payload in ("hlow", "hhigh"):
            return Choice(action=Hint(text="low" if payload == "hlow" else "high"))
        raise RuleError("unknown_control")
