"""`TinyUI`: the tiny game's tables and hands, a small but complete example of a `GameUI`.

It shows both ways of acting: buttons that carry a legal action ("Play 7", the hints), and a
two-step choice (pick a card in a select, then "Confirm") that uses `Choice.ui_state` between
the steps. "Pass" is a step whose action the engine refuses, for the tests of refusals. Every
text comes from the game's own catalog (`locales/<language>/tiny_game.json`, the area being the
key `tiny-game` with `-` as `_`). `render_finish` posts the ranking when the game ends, which is
what puts **Play again** under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import discord
from pydantic import BaseModel

from bot.faces.emojis import CardFaces
from bot.i18n import Texts
from bot.tables.ui import (
    ActionButton,
    Choice,
    Control,
    FinishContext,
    GameUI,
    HandContext,
    HandPanel,
    Panel,
    SeatInfo,
    StepButton,
    StepSelect,
    TableContext,
)
from games.core.errors import RuleError
from tests.tiny_game.engine import Hint, Pass, Play, Played, TinyView


class TinyUI(GameUI[TinyView]):
    """The tiny game under its own key: `/play tiny-game` opens it, `/rules` and `/leaderboard`
    offer it, all from its own message catalogs (`locales/`). Its option `cards` is the engine
    config's own field, so the default `make_config` applies."""

    key = "tiny-game"
    locales = Path(__file__).parent / "locales"
    menu_rank = 100

    def render_table(self, ctx: TableContext[TinyView]) -> Panel:
        tr, view = ctx.tr, ctx.view
        scores = ", ".join(f"{ctx.seats[i].name}={score}" for i, score in enumerate(view.scores))
        played = self.describe_moves(ctx.events, ctx.seats, tr, ctx.faces)
        embed = discord.Embed(
            title=tr("tiny_game.name"), description=tr("tiny_game.table.scores", scores=scores)
        )
        return Panel(content="\n".join(played) or None, embeds=[embed])

    def render_finish(self, ctx: FinishContext[TinyView]) -> Panel:
        """Who won and how long the game took (the final table above it already ranks every
        seat, with scores worded by `tiny_game.result_score`). A message here is what the
        machinery puts **Play again** under."""
        tr, seats = ctx.table.tr, ctx.table.seats
        lines = [
            tr(
                "tiny_game.finish.winner",
                name=seats[entry.seat].name,
                score=tr.plural("tiny_game.result_score", entry.score),
            )
            for entry in ctx.result.seats
            if entry.won
        ]
        lines.append(tr.plural("tiny_game.finish.minutes", round(ctx.seconds / 60)))
        embed = discord.Embed(title=tr("tiny_game.finish.title"), description="\n".join(lines))
        return Panel(embeds=[embed])

    def describe_moves(
        self, events: Sequence[BaseModel], seats: Sequence[SeatInfo], tr: Texts, faces: CardFaces
    ) -> list[str]:
        return [
            tr("tiny_game.table.played", name=seats[e.seat].name, card=e.card)
            for e in events
            if isinstance(e, Played)
        ]

    def render_hand(self, ctx: HandContext[TinyView]) -> HandPanel:
        tr, view = ctx.tr, ctx.view
        assert view.hand is not None
        plays = [action.card for action in ctx.legal if isinstance(action, Play)]
        controls: list[Control] = [
            ActionButton(label=tr("tiny_game.hand.play", card=card), action=Play(card=card))
            for card in plays
        ]
        if plays:
            options = [discord.SelectOption(label=str(card), value=str(card)) for card in plays]
            controls.append(
                StepSelect(payload="pick", options=options, placeholder=tr("tiny_game.hand.pick"))
            )
        content = tr("tiny_game.hand.cards", cards=" ".join(map(str, view.hand)))
        if ctx.ui_state.startswith("picked "):
            card = ctx.ui_state.removeprefix("picked ")
            content += " " + tr("tiny_game.hand.picked", card=card)
            controls.append(StepButton(label=tr("tiny_game.hand.confirm"), payload=f"c{card}"))
        controls += [
            ActionButton(label=tr(f"tiny_game.hand.hint.{action.text}"), action=action)
            for action in ctx.legal
            if isinstance(action, Hint)
        ]
        controls.append(StepButton(label=tr("tiny_game.hand.pass"), payload="pass"))
        return HandPanel(content=content, controls=controls)

    def choose(self, ctx: HandContext[TinyView], payload: str, values: Sequence[str]) -> Choice:
        if payload == "pick":
            return Choice(ui_state=f"picked {values[0]}")
        if payload == "pass":
            return Choice(action=Pass())
        if payload.startswith("c") and payload[1:].isdigit():
            return Choice(action=Play(card=int(payload[1:])))
        raise RuleError("unknown_control")
