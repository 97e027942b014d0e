"""A toy game whose outcome the test chooses, played through the real table service.

Every seat secretly picks a number (any seat may pick at any time, as in a simultaneous choice);
the game ends when all have picked. Competitive: the highest pick wins, equal picks share a place.
Cooperative (standing in for The Game): the picks add up to the team's cards left, so a team that
only picks 0 wins totally. Computer seats always pick `COMPUTER_PICK`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel, ConfigDict

from bot.tables.ui import Choice, GameUI, HandContext, HandPanel, Panel, StepButton, TableContext
from games.core.errors import RuleError
from games.core.game_type import GameType, TeamRanking
from games.core.result import GameResult, SeatResult
from games.the_game.engine import GAME_TYPE as THE_GAME_TYPE
from tests.support.catalogs import game_locales

HIGHEST_PICK = 20
COMPUTER_PICK = 2


class PickConfig(BaseModel):
    model_config = ConfigDict(extra="ignore")


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


class PickEngine:
    min_players = 1
    max_players = 6
    config_model: type[BaseModel] = PickConfig

    def __init__(
        self, key: str, cooperative: bool, team_ranking: TeamRanking | None = None
    ) -> None:
        self.key = key
        self.cooperative = cooperative
        self.game_type = GameType(
            key=key,
            min_players=self.min_players,
            max_players=self.max_players,
            cooperative=cooperative,
            config_model=PickConfig,
            default_policy="fixed",
            menu_rank=0 if cooperative else 1,
            team_ranking=team_ranking or TeamRanking(),
        )

    def new_game(self, config: BaseModel, players: int, seed: int) -> BaseModel:
        return PickState(picks=[None] * players)

    def load_state(self, data: str) -> BaseModel:
        return PickState.model_validate_json(data)

    def parse_action(self, data: str | dict[str, Any]) -> BaseModel:
        if isinstance(data, str):
            return Pick.model_validate_json(data)
        return Pick.model_validate(data)

    def to_act(self, state: BaseModel) -> list[int]:
        assert isinstance(state, PickState)
        return [seat for seat, pick in enumerate(state.picks) if pick is None]

    def legal_actions(self, state: BaseModel, seat: int) -> list[BaseModel]:
        if seat not in self.to_act(state):
            return []
        return [Pick(number=number) for number in range(HIGHEST_PICK + 1)]

    def apply(
        self, state: BaseModel, seat: int, action: BaseModel
    ) -> tuple[BaseModel, list[BaseModel]]:
        assert isinstance(state, PickState) and isinstance(action, Pick)
        if seat not in self.to_act(state):
            raise RuleError("already_picked")
        picks = list(state.picks)
        picks[seat] = action.number
        return PickState(picks=picks), []

    def view(self, state: BaseModel, seat: int | None) -> BaseModel:
        assert isinstance(state, PickState)
        return PickView(seat=seat, picked=[pick is not None for pick in state.picks])

    def result(self, state: BaseModel) -> GameResult | None:
        assert isinstance(state, PickState)
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

    def policy(self, name: str) -> FixedPick:
        return FixedPick()

    def policy_names(self) -> list[str]:
        return ["fixed"]

    def ends_turn(self, events: Sequence[BaseModel]) -> bool:
        return False

    def as_computer_move(self, action: BaseModel) -> BaseModel:
        return action


class PickUI(GameUI):
    """Registered under Level 8's key: `/play level8` opens a competitive pick game."""

    key = "level8"
    locales = game_locales("level8")

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


LEVEL8 = PickEngine("level8", cooperative=False)
THE_GAME = PickEngine("the-game", cooperative=True, team_ranking=THE_GAME_TYPE.team_ranking)


class CoopPickUI(PickUI):
    """Registered under The Game's key: `/play the-game` opens a cooperative pick game."""

    key = "the-game"
    locales = game_locales("the_game")
