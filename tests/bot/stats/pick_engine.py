"""A toy game whose outcome the test chooses, played through the real table service.

Every seat secretly picks a number (any seat may pick at any time, as in a simultaneous choice);
the game ends when all have picked. Competitive: the highest pick wins, equal picks share a place.
Cooperative (standing in for The Game): the picks add up to the team's cards left, so a team that
only picks 0 wins totally. Computer seats always pick `COMPUTER_PICK`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import discord
from pydantic import BaseModel, TypeAdapter

from bot.tables.ui import Choice, GameUI, HandContext, HandPanel, Panel, StepButton, TableContext
from cogs.the_game.ui import TheGameUI
from games.core.base import BaseEngine
from games.core.errors import RuleError
from games.core.game_type import GameType
from games.core.policy import Policy
from games.core.result import GameResult, SeatResult
from games.level8.config import Level8Config
from games.the_game.config import TheGameConfig
from tests.support.catalogs import game_locales

HIGHEST_PICK = 20
COMPUTER_PICK = 2


class PickState(BaseModel):
    picks: list[int | None]


class Pick(BaseModel):
    number: int


class PickView(BaseModel):
    seat: int | None
    picked: list[bool]


class FixedPick:
    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return Pick(number=COMPUTER_PICK)


class PickEngine(BaseEngine[PickState, Pick, PickView]):
    """Built per key, as a stand-in for a real game: its `GameType` is made in `__init__`."""

    state_model = PickState
    action_adapter = TypeAdapter(Pick)
    policies: ClassVar[Mapping[str, Callable[[], Policy]]] = {"fixed": FixedPick}
    hidden_fields = ("picks.*",)

    def __init__(self, key: str, cooperative: bool, config_model: type[BaseModel]) -> None:
        """`config_model` is the real game's, so that its `/play` subcommand has the real
        options (the pick game ignores them)."""
        self.cooperative = cooperative
        self.game_type = GameType(  # type: ignore[misc]
            key=key,
            min_players=1,
            max_players=6,
            cooperative=cooperative,
            config_model=config_model,
            default_policy="fixed",
        )

    def seat_count(self, state: PickState) -> int:
        return len(state.picks)

    def deal(self, config: BaseModel, players: int, seed: int) -> tuple[PickState, list[BaseModel]]:
        return PickState(picks=[None] * players), []

    def to_act(self, state: PickState) -> list[int]:
        return [seat for seat, pick in enumerate(state.picks) if pick is None]

    def legal_actions(self, state: PickState, seat: int) -> list[Pick]:
        if seat not in self.to_act(state):
            return []
        return [Pick(number=number) for number in range(HIGHEST_PICK + 1)]

    def play(self, state: PickState, seat: int, action: Pick) -> tuple[PickState, list[BaseModel]]:
        if seat not in self.to_act(state):
            raise RuleError("already_picked")
        picks = list(state.picks)
        picks[seat] = action.number
        return PickState(picks=picks), []

    def make_view(self, state: PickState, seat: int | None) -> PickView:
        return PickView(seat=seat, picked=[pick is not None for pick in state.picks])

    def result(self, state: PickState) -> GameResult | None:
        if self.to_act(state):
            return None
        picks = [pick or 0 for pick in state.picks]
        if self.cooperative:
            left = sum(picks)
            return GameResult(
                cooperative=True,
                seats=[
                    SeatResult(seat=seat, rank=1, score=left, won=left == 0)
                    for seat in range(len(picks))
                ],
                summary={"cards_left": left},
            )
        ranks = [1 + sum(other > pick for other in picks) for pick in picks]
        return GameResult(
            cooperative=False,
            seats=[
                SeatResult(seat=seat, rank=rank, score=picks[seat], won=rank == 1)
                for seat, rank in enumerate(ranks)
            ],
        )


class PickUI(GameUI):
    """Registered under Level 8's key: `/play level8` opens a competitive pick game."""

    key = "level8"
    locales = game_locales("level8")
    menu_rank = 1

    def render_table(self, ctx: TableContext) -> Panel:
        view = ctx.view
        assert isinstance(view, PickView)
        return Panel(embeds=[discord.Embed(description=f"picked: {sum(view.picked)}")])

    def render_hand(self, ctx: HandContext) -> HandPanel:
        buttons = [
            StepButton(label=f"Pick {action.number}", payload=str(action.number))
            for action in ctx.legal
            if isinstance(action, Pick)
        ]
        return HandPanel(content="pick a number", controls=list(buttons))

    def choose(self, ctx: HandContext, payload: str, values: Sequence[str]) -> Choice:
        return Choice(action=Pick(number=int(payload)))


LEVEL8 = PickEngine("level8", cooperative=False, config_model=Level8Config)
THE_GAME = PickEngine("the-game", cooperative=True, config_model=TheGameConfig)


class CoopPickUI(PickUI):
    """Registered under The Game's key: `/play the-game` opens a cooperative pick game."""

    key = "the-game"
    locales = game_locales("the_game")
    menu_rank = 0
    team_ranking = TheGameUI.team_ranking
