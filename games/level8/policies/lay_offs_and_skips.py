"""Once displayed: which card the heuristic lays off and where (wilds wait), and whom it skips."""

from __future__ import annotations

from games.level8.actions import LayOff
from games.level8.cards import MAX_VALUE, MIN_VALUE, is_number, is_wild, value_of
from games.level8.levels import FINAL_LEVEL, GroupKind
from games.level8.policies.card_counting import Knowledge
from games.level8.view import Level8View, PublicPlayer


def _threat(player: PublicPlayer) -> tuple[bool, bool, int, int]:
    """Who could win the game soonest (level 8 not yet displayed, or level 7 displayed), then
    who is closest to ending the round: displayed, fewest cards, highest level."""
    could_win = (player.level == FINAL_LEVEL and not player.displayed) or (
        player.level == FINAL_LEVEL - 1 and player.displayed
    )
    return (could_win, player.displayed, -player.hand_size, player.level)


def skip_value(view: Level8View, target: int) -> tuple[tuple[bool, bool, int, int], int]:
    """`_threat`, then among equal threats the seat that plays soonest after this one: its
    lost turn comes before the round can end, a later seat's may never come (ties went to the
    lowest seat number, wherever it sat)."""
    assert view.seat is not None
    return (_threat(view.players[target]), -((target - view.seat) % len(view.players)))


def lay_off_value(
    view: Level8View, hand: list[int], action: LayOff, knowledge: Knowledge
) -> tuple[bool, int, int]:
    """Number cards before wilds. A card that grows a run goes where the most hand cards can
    follow it, then where the new end can take the most unseen cards; a wild likewise."""
    number = not is_wild(action.card)
    follow = _run_follow(view, action)
    if follow is None:
        return (number, 0, 0)
    return (number, _held_of_value(hand, follow, action.card), knowledge.unseen_of_value(follow))


def lay_off_now(view: Level8View, hand: list[int], action: LayOff) -> bool:
    """Number cards go at once: a run end they fit may be taken by another card. A wild fits
    somewhere until the round ends and only the last card's turn counts, so it waits in the
    hand, its meaning chosen once more is known, unless it starts a bridge to a hand card (the
    card follows it on the run, or does after the hand's other wilds fill the gap) or the hand
    can go out this turn (one card besides the wilds)."""
    if not is_wild(action.card) or sum(1 for c in hand if not is_wild(c)) <= 1:
        return True
    follow = _run_follow(view, action)
    if follow is None:
        return False
    group = view.players[action.owner].groups[action.group]
    step = -1 if follow < group.low else 1
    wilds = sum(1 for c in hand if is_wild(c) and c != action.card)
    values = {value_of(c) for c in hand if is_number(c)}
    while MIN_VALUE <= follow <= MAX_VALUE:
        if follow in values:
            return True
        if not wilds:
            return False
        wilds -= 1
        follow += step
    return False


def _run_follow(view: Level8View, action: LayOff) -> int | None:
    """The value that could join a run after this lay-off at the same end; None off runs."""
    group = view.players[action.owner].groups[action.group]
    if group.kind is not GroupKind.RUN:
        return None
    value = action.wild_as if is_wild(action.card) else value_of(action.card)
    assert value is not None
    return value - 1 if value < group.low else value + 1


def _held_of_value(hand: list[int], value: int, besides: int) -> int:
    """How many hand cards other than `besides` could follow onto a run end of `value`."""
    return sum(1 for c in hand if is_number(c) and c != besides and value_of(c) == value)
