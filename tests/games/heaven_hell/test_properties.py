"""Property tests over random legal and illegal action sequences."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import RuleError
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import Action, ChooseDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import CARDS_PER_COLOUR, DECK_SIZE, Colour, Side, colour_of
from games.heaven_hell.config import HeavenHellConfig
from games.heaven_hell.rules import asked_seats, is_stuck
from games.heaven_hell.state import HeavenHellState, Phase
from tests.games.heaven_hell.helpers import Cards, all_cards, build


def any_action(rng: random.Random) -> Action:
    """Any well-formed action, legal or not."""
    colour = rng.choice(list(Colour))
    value = rng.randint(1, 5)
    kind = rng.randrange(3)
    if kind == 0:
        return PlaceCard(colour=colour, value=value, side=rng.choice(list(Side)))
    if kind == 1:
        return DiscardStuck(colour=colour, value=value)
    return ChooseDouble(colour=colour, play=rng.random() < 0.5)


def hide_differently(state: HeavenHellState, seat: int, rng: random.Random) -> HeavenHellState:
    """The same state as `seat` sees it, with everything hidden from it changed: other hands
    (same sizes) and the draw pile reshuffled among themselves, other seats' pending double
    choices changed. Public facts stay: whether the seat to play is stuck (a stuck hand is shown;
    that hand itself stays), the cards of colours already revealed at scoring, and who is asked
    about the colour being scored; only reshuffles that keep them are used."""
    choices = list(state.choices)
    for other in asked_seats(state):
        if other != seat and choices[other] is not None:
            choices[other] = rng.random() < 0.5
    revealed = {score.colour for score in state.scored}
    stuck = is_stuck(state)
    asked = asked_seats(state)
    hidden = [
        other
        for other in range(state.players)
        if other != seat and not (stuck and other == state.current)
    ]

    def shown(card: int) -> bool:
        return colour_of(card) in revealed

    for _ in range(20):
        pool = list(state.draw_pile) + [
            card for other in hidden for card in state.hands[other] if not shown(card)
        ]
        rng.shuffle(pool)
        hands = [list(hand) for hand in state.hands]
        for other in hidden:
            kept = [card for card in hands[other] if shown(card)]
            size = len(hands[other]) - len(kept)
            hands[other], pool = kept + pool[:size], pool[size:]
        changed = state.model_copy(update={"hands": hands, "draw_pile": pool, "choices": choices})
        if is_stuck(changed) == stuck and asked_seats(changed) == asked:
            return changed
    return state.model_copy(update={"choices": choices})


def check_invariants(state: HeavenHellState, rng: random.Random) -> None:
    cards = all_cards(state)
    assert sorted(cards) == list(range(DECK_SIZE))
    assert ENGINE.load_state(state.model_dump_json()) == state
    for seat in [*range(state.players), None]:
        view = ENGINE.view(state, seat)
        if seat is None:
            assert view.hand is None and view.my_choice is None
        other = hide_differently(state, -1 if seat is None else seat, rng)
        assert ENGINE.view(other, seat) == view


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=5),
    seed=st.integers(min_value=0, max_value=2**31),
    steps=st.integers(min_value=1, max_value=250),
    illegal_share=st.sampled_from([0.0, 0.2, 0.5]),
)
def test_random_play_keeps_every_invariant_and_replays_exactly(
    players: int, seed: int, steps: int, illegal_share: float
) -> None:
    rng = random.Random(seed)
    state = ENGINE.new_game(HeavenHellConfig(), players, seed)[0]
    log: list[tuple[int, Action]] = []
    for step in range(steps):
        seats = ENGINE.to_act(state)
        if not seats:
            break
        pick = rng.randrange(2**16)
        if rng.random() < illegal_share:
            seat = rng.randrange(players)
            action = any_action(rng)
            before = state.model_dump_json()
            legal = ENGINE.legal_actions(state, seat)
            try:
                state, _ = ENGINE.apply(state, seat, action)
            except RuleError as error:
                assert action not in legal
                assert error.code
                assert state.model_dump_json() == before
                continue
            assert action in legal
        else:
            seat = seats[pick % len(seats)]
            legal = ENGINE.legal_actions(state, seat)
            assert legal
            action = legal[pick % len(legal)]
            parsed = ENGINE.parse_action(action.model_dump_json())
            assert parsed == action
            state, _ = ENGINE.apply(state, seat, parsed)
        log.append((seat, action))
        if step % 10 == 0:
            check_invariants(state, rng)
    check_invariants(state, rng)
    if steps == 250 and illegal_share == 0.0:
        assert state.reports  # long legal runs reach the scoring

    replayed = ENGINE.new_game(HeavenHellConfig(), players, seed)[0]
    for seat, action in log:
        replayed, _ = ENGINE.apply(replayed, seat, action)
    assert replayed == state
    assert replayed.model_dump_json() == state.model_dump_json()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), players=st.integers(3, 5))
def test_policies_only_choose_legal_actions_and_games_finish(seed: int, players: int) -> None:
    rng = random.Random(seed)
    policies = [ENGINE.policy("heuristic" if s % 2 == 0 else "random") for s in range(players)]
    state = ENGINE.new_game(HeavenHellConfig(), players, seed)[0]
    while ENGINE.result(state) is None:
        for seat in ENGINE.to_act(state):
            legal = ENGINE.legal_actions(state, seat)
            action = policies[seat].choose(ENGINE.view(state, seat), legal, rng)
            assert action in legal
            state, _ = ENGINE.apply(state, seat, action)
            if state.phase is Phase.PLAY:
                break
    result = ENGINE.result(state)
    assert result is not None
    assert [s.score for s in result.seats] == state.totals()
    assert len(result.summary["round_points"]) == players


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), pile_size=st.integers(0, 8))
def test_stuck_prone_play_keeps_cards_and_hides_hands(seed: int, pile_size: int) -> None:
    """Red's row is closed and red crowds the hands and a short draw pile, so seats get stuck,
    discard, and are skipped; the invariants must hold through all of it."""
    rng = random.Random(seed)
    cards = Cards()
    rows = {Colour.RED: (cards.take(Colour.RED, 1, 1, 1), cards.take(Colour.RED, 2, 2))}
    reds = [card for card in cards.rest() if card < CARDS_PER_COLOUR]
    others = [card for card in cards.rest() if card >= CARDS_PER_COLOUR]
    rng.shuffle(reds)
    rng.shuffle(others)
    hands = [[others.pop()] + [others.pop() for _ in range(rng.randrange(3))] for _ in range(4)]
    for hand in hands[1:]:
        hand.pop()
    for index, red in enumerate(reds[:6]):
        hands[1 + index % 3].append(red)
    pile = reds[6:] + [others.pop() for _ in range(pile_size)]
    rng.shuffle(pile)
    cards.used.update(card for hand in hands for card in hand)
    state = build(cards, hands, rows, draw_pile=pile, current=0)
    for _ in range(60):
        seats = ENGINE.to_act(state)
        if not seats or state.round > 0:
            break
        seat = seats[rng.randrange(len(seats))]
        before = state.model_dump_json()
        try:
            state, _ = ENGINE.apply(state, seat, any_action(rng))
        except RuleError:
            assert state.model_dump_json() == before
            legal = ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, legal[rng.randrange(len(legal))])
        check_invariants(state, rng)
