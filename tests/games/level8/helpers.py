"""Building Level 8 positions by hand, so each rule can be tested in a position made for it."""

from __future__ import annotations

from collections.abc import Sequence

from games.level8.cards import SKIP_BASE, WILD_BASE, deck, number_card
from games.level8.config import DEFAULT_MAX_TURNS, DeckPreset, Level8Config, LevelSide
from games.level8.groups import Group, PlacedCard, build_group
from games.level8.levels import GroupKind, Requirement
from games.level8.state import Level8State, Phase, PlayerState

RED, YELLOW, GREEN, BLUE, PURPLE, ORANGE = range(6)


def c(value: int, colour: int = RED) -> int:
    return number_card(value, colour)


def wild(index: int = 0) -> int:
    return WILD_BASE + index


def skip(index: int = 0) -> int:
    return SKIP_BASE + index


def p(card: int, wild_as: int | None = None) -> PlacedCard:
    return PlacedCard(card=card, wild_as=wild_as)


def group(kind: GroupKind, *placed: PlacedCard | int) -> Group:
    cards = [x if isinstance(x, PlacedCard) else PlacedCard(card=x) for x in placed]
    return build_group(Requirement(kind=kind, size=len(cards)), cards)


def make_state(
    hands: Sequence[Sequence[int]],
    *,
    current: int = 0,
    phase: Phase = Phase.PLAY,
    levels: Sequence[int] | None = None,
    groups: dict[int, list[Group]] | None = None,
    discards: dict[int, list[int]] | None = None,
    skips: dict[int, int] | None = None,
    draw: list[int] | None = None,
    side: LevelSide = LevelSide.STANDARD,
    preset: DeckPreset = DeckPreset.FR,
    max_turns: int = DEFAULT_MAX_TURNS,
    dealer: int = 0,
) -> Level8State:
    """Every card of the deck not placed explicitly goes to the draw pile, or, when `draw` is
    given, under seat 0's discard pile, so the whole deck is always accounted for."""
    groups = groups or {}
    discards = discards or {}
    skips = skips or {}
    players = [
        PlayerState(
            level=levels[i] if levels else 1,
            hand=list(hand),
            discard=list(discards.get(i, [])),
            groups=list(groups.get(i, [])),
            skip=skips.get(i),
        )
        for i, hand in enumerate(hands)
    ]
    placed = {card for player in players for card in _cards_of(player)} | set(draw or [])
    rest = [card for card in deck(preset) if card not in placed]
    if draw is None:
        draw = rest
    else:
        players[0].discard = rest + players[0].discard
    return Level8State(
        config=Level8Config(deck=preset, side=side, max_turns=max_turns),
        seed=7,
        players=players,
        draw=list(draw),
        current=current,
        phase=phase,
        round=1,
        dealer=dealer,
    )


def _cards_of(player: PlayerState) -> list[int]:
    cards = player.hand + player.discard + [pc.card for g in player.groups for pc in g.cards]
    return cards + ([player.skip] if player.skip is not None else [])


def all_cards(state: Level8State) -> list[int]:
    """Every card the state holds anywhere, sorted: must always equal the deck."""
    cards = list(state.draw)
    for player in state.players:
        cards += _cards_of(player)
    return sorted(cards)
