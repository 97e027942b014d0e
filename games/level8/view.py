"""What one seat may see. Everything a table message, a hand message or a policy needs, and
nothing hidden: other hands are only counted, the draw pile only sized."""

from __future__ import annotations

from pydantic import BaseModel

from games.level8.cards import sort_key
from games.level8.config import Level8Config, LevelSide
from games.level8.events import Event
from games.level8.groups import Group
from games.level8.levels import Requirement, requirements
from games.level8.rules import to_act
from games.level8.state import EndReason, Level8State, Phase, PlayerState


class PublicPlayer(BaseModel):
    """`level` and `requirements`: what the seat plays now, or next once the round is over.
    `round_level` and `round_requirements`: what it played in the round whose groups are on
    show; the same as `level` and `requirements` until that round ends."""

    seat: int
    level: int
    requirements: list[Requirement]
    round_level: int
    round_requirements: list[Requirement]
    hand_size: int
    discard_top: int | None
    discard_size: int
    groups: list[Group]
    displayed: bool
    skip_in_front: bool


class Level8View(BaseModel):
    """`hand` is None for spectators; otherwise the seat's own cards in display order, and
    `drawn` the card the seat drew this turn (until the turn ends), which a sorted hand would
    hide among the others. `round_over`: the round on show has ended and levels have moved up
    (between rounds on the hard side, or at the end of the game)."""

    seat: int | None
    config: Level8Config
    phase: Phase
    current: int
    to_act: list[int]
    round: int
    round_over: bool
    dealer: int
    turns: int
    draw_size: int
    face_up_skips: int
    players: list[PublicPlayer]
    hand: list[int] | None
    drawn: int | None
    winner: int | None
    end_reason: EndReason | None
    recent: list[Event]


def public_player(seat: int, player: PlayerState, side: LevelSide) -> PublicPlayer:
    played = player.level if player.ended_level is None else player.ended_level
    return PublicPlayer(
        seat=seat,
        level=player.level,
        requirements=list(requirements(side, player.level)),
        round_level=played,
        round_requirements=list(requirements(side, played)),
        hand_size=len(player.hand),
        discard_top=player.discard[-1] if player.discard else None,
        discard_size=len(player.discard),
        groups=player.groups,
        displayed=player.displayed,
        skip_in_front=player.skip is not None,
    )


def make_view(state: Level8State, seat: int | None) -> Level8View:
    side = state.config.side
    return Level8View(
        seat=seat,
        config=state.config,
        phase=state.phase,
        current=state.current,
        to_act=to_act(state),
        round=state.round,
        round_over=any(p.ended_level is not None for p in state.players),
        dealer=state.dealer,
        turns=state.turns,
        draw_size=len(state.draw),
        face_up_skips=state.face_up,
        players=[public_player(i, p, side) for i, p in enumerate(state.players)],
        hand=None if seat is None else sorted(state.players[seat].hand, key=sort_key),
        drawn=None if seat is None else state.players[seat].drawn,
        winner=state.winner,
        end_reason=state.end_reason,
        recent=state.recent,
    )
