"""End-of-round scoring, as pure functions over the rows, the hands and the doubles played."""

from __future__ import annotations

from games.heaven_hell.cards import COLOUR_INDEX_OF, COLOURS, VALUE_OF, Colour, cards_of
from games.heaven_hell.state import ColourScore, RoundReport, Row


def tie_break_order(dealer: int, players: int) -> list[int]:
    """Seats clockwise from the dealer's left; the first tied seat in it wins a tie.

    Seat numbers grow clockwise: seat s+1 sits to the left of seat s.
    """
    return [(dealer + 1 + offset) % players for offset in range(players)]


def side_sum(card_ids: list[int]) -> int:
    return sum(VALUE_OF[card] for card in card_ids)


def holding(hand: list[int], colour_index: int) -> int:
    """The sum of a hand's cards of one colour."""
    return sum(VALUE_OF[card] for card in hand if COLOUR_INDEX_OF[card] == colour_index)


def score_colour(
    colour: Colour,
    row: Row,
    hands: list[list[int]],
    doubles: list[Colour | None],
    asked: list[int],
    order: list[int],
) -> ColourScore:
    """Heaven higher: the top holder scores plus (twice with its double played on this colour);
    hell higher: the top holder scores minus and doubles do not apply; equal sides: nobody
    scores."""
    index = COLOURS.index(colour)
    heaven, hell = side_sum(row.heaven), side_sum(row.hell)
    revealed = [
        sorted(VALUE_OF[card] for card in hand if COLOUR_INDEX_OF[card] == index)
        for hand in hands
    ]
    holdings = [sum(values) for values in revealed]
    best = max(holdings)
    scorer: int | None = None
    doubled = False
    points = 0
    if heaven != hell and best > 0:
        scorer = next(seat for seat in order if holdings[seat] == best)
        if heaven > hell:
            doubled = doubles[scorer] == colour
            points = best * 2 if doubled else best
        else:
            points = -best
    return ColourScore(
        colour=colour,
        heaven=heaven,
        hell=hell,
        revealed=revealed,
        holdings=holdings,
        asked=asked,
        scorer=scorer,
        doubled=doubled,
        points=points,
    )


def round_report(
    round_number: int,
    dealer: int,
    hands: list[list[int]],
    doubles: list[Colour | None],
    colours: list[ColourScore],
) -> RoundReport:
    """The round's record once its last colour is scored."""
    points = [0] * len(hands)
    for colour_score in colours:
        if colour_score.scorer is not None:
            points[colour_score.scorer] += colour_score.points
    return RoundReport(
        round=round_number,
        dealer=dealer,
        hands=[cards_of(hand) for hand in hands],
        doubles=list(doubles),
        colours=colours,
        points=points,
    )
