"""What one seat may see. Everything a table message, a hand message or a policy needs, and
nothing hidden: other hands are only counted, the draw pile only sized."""

from __future__ import annotations

from pydantic import BaseModel

from games.level8.cards import sort_key
from games.level8.config import Level8Config
from games.level8.events import Event
from games.level8.groups import Group
from games.level8.levels import Requirement, requirements
from games.level8.rules import to_act
from games.level8.state import EndReason, GameState, Phase


class PublicPlayer(BaseModel):
    seat: int
    level: int
    requirements: list[Requirement]
    hand_size: int
    discard_top: int | None
    discard_size: int
    groups: list[Group]
    displayed: bool
    skip_in_front: bool


class Level8View(BaseModel):
    """`hand` is None for spectators; otherwise the seat's own cards in display order."""

    seat: int | None
    config: Level8Config
    phase: Phase
    current: int
    to_act: list[int]
    round: int
    dealer: int
    turns: int
    draw_size: int
    face_up_skips: int
    players: list[PublicPlayer]
    hand: list[int] | None
    winner: int | None
    end_reason: EndReason | None
    recent: list[Event]


def make_view(state: GameState, seat: int | None) -> Level8View:
    side = state.config.side
    return Level8View(
        seat=seat,
        config=state.config,
        phase=state.phase,
        current=state.current,
        to_act=to_act(state),
        round=state.round,
        dealer=state.dealer,
        turns=state.turns,
        draw_size=len(state.draw),
        face_up_skips=state.face_up,
        players=[
            PublicPlayer(
                seat=i,
                level=p.level,
                requirements=list(requirements(side, p.level)),
                hand_size=len(p.hand),
                discard_top=p.discard[-1] if p.discard else None,
                discard_size=len(p.discard),
                groups=p.groups,
                displayed=p.displayed,
                skip_in_front=p.skip is not None,
            )
            for i, p in enumerate(state.players)
        ],
        hand=None if seat is None else sorted(state.players[seat].hand, key=sort_key),
        winner=state.winner,
        end_reason=state.end_reason,
        recent=state.recent,
    )
