"""Piles, round ends, levels, victories, dealers, the hard side and the turn limit."""

from __future__ import annotations

import pytest

from games.core.errors import RuleError
from games.level8 import ENGINE
from games.level8.actions import Discard, DisplayLevel, DrawFromPile, KeepCards, PlaySkip
from games.level8.cards import deck
from games.level8.config import DeckPreset, Level8Config, LevelSide
from games.level8.events import GameEnded, PileRebuilt, RoundEnded, RoundStarted
from games.level8.levels import GroupKind, requirements
from games.level8.rules import HAND_SIZE, apply, legal_actions, to_act
from games.level8.state import EndReason, Level8State, Phase
from tests.games.level8.helpers import (
    BLUE,
    GREEN,
    PURPLE,
    RED,
    YELLOW,
    all_cards,
    c,
    group,
    make_state,
    p,
    skip,
)

RUNS = [group(GroupKind.RUN, c(1), c(2), c(3)), group(GroupKind.RUN, c(4), c(5), c(6))]


@pytest.mark.parametrize("preset", list(DeckPreset))
def test_new_game_deals_ten_and_opens_the_dealers_pile(preset: DeckPreset) -> None:
    state = ENGINE.new_game(Level8Config(deck=preset), 4, seed=3)[0]
    assert all(len(player.hand) == HAND_SIZE for player in state.players)
    assert [len(player.discard) for player in state.players].count(1) == 1
    assert len(state.players[state.dealer].discard) == 1
    assert state.current == (state.dealer + 1) % 4
    assert all_cards(state) == deck(preset)
    assert len(deck(preset)) == {"fr": 101, "en2016": 99, "de2016": 98}[preset.value]


def test_player_count_is_checked() -> None:
    for players in (1, 7):
        with pytest.raises(RuleError) as err:
            ENGINE.new_game(Level8Config(), players, seed=1)[0]
        assert err.value.code == "player_count"


def test_exhausted_draw_pile_is_rebuilt_from_discards_but_their_tops() -> None:
    state = make_state(
        [[c(1)], [c(2)]],
        phase=Phase.DRAW,
        draw=[c(9)],
        discards={0: [c(10), c(11)], 1: [c(12), c(13)]},
    )
    new, events = apply(state, 0, DrawFromPile())
    rebuilt = next(e for e in events if isinstance(e, PileRebuilt))
    assert new.players[0].discard == [c(11)]
    assert new.players[1].discard == [c(13)]
    assert c(12) in new.draw and c(10) in new.draw
    assert rebuilt.size == len(new.draw)
    assert all_cards(new) == all_cards(state)


def test_rebuild_when_a_face_up_skip_reaches_the_top() -> None:
    state = make_state(
        [[c(1)], [c(2)]],
        phase=Phase.DRAW,
        draw=[skip(0), c(9)],
        discards={1: [c(12), c(13)]},
    )
    state.face_up = 1
    new, events = apply(state, 0, DrawFromPile())
    assert any(isinstance(e, PileRebuilt) for e in events)
    assert skip(0) in new.draw and c(12) in new.draw
    assert new.face_up == 0
    assert new.players[1].discard == [c(13)]


def test_round_end_gives_two_to_the_player_out_and_one_to_displayed_players() -> None:
    sets = [group(GroupKind.SET, c(7), c(7, BLUE))]
    state = make_state(
        [[c(9)], [c(10)], [c(11)]],
        levels=[1, 2, 4],
        groups={0: RUNS, 1: sets},
        dealer=2,
    )
    new, events = apply(state, 0, Discard(card=c(9)))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert (ended.before, ended.levels) == ([1, 2, 4], [3, 3, 4])
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert (started.round, started.dealer, started.first) == (2, 0, 1)
    assert (new.dealer, new.current, new.phase) == (0, 1, Phase.DRAW)
    assert all(len(player.hand) == HAND_SIZE and not player.groups for player in new.players)
    assert all_cards(new) == all_cards(state)


def test_dealer_moves_left_each_round_and_wraps() -> None:
    state = make_state([[c(9)], [c(10)]], groups={0: RUNS}, dealer=1)
    new, _ = apply(state, 0, Discard(card=c(9)))
    assert (new.dealer, new.current) == (0, 1)


def test_displaying_level_8_wins_at_once() -> None:
    pair, triple, quad = [c(2, k) for k in range(2)], [c(3, k) for k in range(3)], [
        c(4, k) for k in range(4)
    ]
    hand = [*pair, *triple, *quad, c(9), c(10)]
    state = make_state([hand, [c(1)]], levels=[8, 3])
    display = DisplayLevel(groups=[list(map(p, g)) for g in (pair, triple, quad)])
    new, events = apply(state, 0, display)
    assert events[-1] == GameEnded(winner=0, reason=EndReason.DISPLAYED_LEVEL_8)
    assert (new.phase, new.winner) == (Phase.OVER, 0)
    result = ENGINE.result(new)
    assert result is not None and not result.cooperative
    assert [(s.seat, s.rank, s.score, s.won) for s in result.seats] == [
        (0, 1, 8, True),
        (1, 2, 3, False),
    ]
    assert result.summary["rounds"] == 1
    assert ENGINE.to_act(new) == []
    with pytest.raises(RuleError) as err:
        apply(new, 0, Discard(card=c(9)))
    assert err.value.code == "game_over"


def test_going_out_after_displaying_level_7_wins() -> None:
    shown = [group(GroupKind.SET, c(5), c(5, BLUE), c(5, GREEN)),
             group(GroupKind.COLOUR, *[c(v, PURPLE) for v in (1, 3, 8, 9, 12)])]
    state = make_state([[c(14)], [c(1)], [c(2)]], levels=[7, 5, 5], groups={0: shown})
    new, events = apply(state, 0, Discard(card=c(14)))
    assert events[-1] == GameEnded(winner=0, reason=EndReason.WENT_OUT_ON_LEVEL_7)
    result = ENGINE.result(new)
    assert result is not None
    assert [(s.rank, s.won) for s in result.seats] == [(1, True), (2, False), (2, False)]


def test_displayed_level_7_player_moves_to_8_when_another_goes_out() -> None:
    shown = [group(GroupKind.SET, c(5), c(5, BLUE), c(5, GREEN)),
             group(GroupKind.COLOUR, *[c(v, PURPLE) for v in (1, 3, 8, 9, 12)])]
    state = make_state([[c(14)], [c(1)]], levels=[1, 7], groups={0: RUNS, 1: shown})
    new, _ = apply(state, 0, Discard(card=c(14)))
    assert [player.level for player in new.players] == [3, 8]
    assert new.phase is Phase.DRAW


def _hard_round_end() -> Level8State:
    hands = [[c(14)], [c(1), c(2), c(3), c(4), c(5), skip(1)], [c(6, BLUE)], [c(7, BLUE)]]
    return make_state(
        hands,
        levels=[1, 6, 4, 5],
        groups={0: [group(GroupKind.RUN, c(1, RED + 1), c(2, YELLOW + 1), c(3, BLUE)),
                    group(GroupKind.RUN, c(4, BLUE), c(5, BLUE), c(6, GREEN))],
                3: [group(GroupKind.RUN, *[c(v, PURPLE) for v in range(1, 8)])]},
        side=LevelSide.HARD,
    )


def test_hard_side_keep_rule() -> None:
    state, _ = apply(_hard_round_end(), 0, Discard(card=c(14)))
    assert state.phase is Phase.KEEP
    assert to_act(state) == [1]
    assert len(legal_actions(state, 1)) == 1 + 6 + 15 + 20 + 15
    with pytest.raises(RuleError) as err:
        apply(state, 1, KeepCards(cards=[c(1), c(2), c(3), c(4), c(5)]))
    assert err.value.code == "too_many_kept"
    with pytest.raises(RuleError) as err:
        apply(state, 1, KeepCards(cards=[c(9)]))
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(RuleError) as err:
        apply(state, 1, KeepCards(cards=[c(1), c(1)]))
    assert err.value.code == "duplicate_card"
    with pytest.raises(RuleError) as err:
        apply(state, 1, Discard(card=c(1)))
    assert err.value.code == "must_choose_kept_cards"
    with pytest.raises(RuleError) as err:
        apply(state, 2, KeepCards(cards=[]))
    assert err.value.code == "not_your_turn"
    new, events = apply(state, 1, KeepCards(cards=[c(1), c(2), skip(1)]))
    assert any(isinstance(e, RoundStarted) for e in events)
    assert {c(1), c(2), skip(1)} <= set(new.players[1].hand)
    assert [len(player.hand) for player in new.players] == [HAND_SIZE] * 4
    assert all_cards(new) == all_cards(state)


def test_the_view_keeps_the_level_played_while_the_ended_round_stays_on_show() -> None:
    state, _ = apply(_hard_round_end(), 0, Discard(card=c(14)))
    view = ENGINE.view(state, None)
    assert view.round_over
    assert [(p.round_level, p.level, p.displayed) for p in view.players] == [
        (1, 3, True), (6, 6, False), (4, 4, False), (5, 6, True),
    ]
    assert view.players[0].round_requirements == list(requirements(LevelSide.HARD, 1))
    assert view.players[0].requirements == list(requirements(LevelSide.HARD, 3))
    state, _ = apply(state, 1, KeepCards(cards=[]))
    view = ENGINE.view(state, None)
    assert not view.round_over
    assert [(p.round_level, p.level) for p in view.players] == [(3, 3), (6, 6), (4, 4), (6, 6)]


def test_the_cards_kept_are_the_listed_choice_in_whatever_order_they_were_picked() -> None:
    state, _ = apply(_hard_round_end(), 0, Discard(card=c(14)))
    picked = KeepCards(cards=[skip(1), c(5), c(2)])
    assert picked in legal_actions(state, 1)
    assert ENGINE.parse_action({"kind": "keep", "cards": [c(5), skip(1), c(2)]}) == picked


def test_keep_outside_the_keep_phase_is_refused() -> None:
    state = make_state([[c(1)], [c(2)]])
    with pytest.raises(RuleError) as err:
        apply(state, 0, KeepCards(cards=[]))
    assert err.value.code == "not_keeping"


def test_standard_side_has_no_keep_phase() -> None:
    state = _hard_round_end().model_copy(update={"config": Level8Config()})
    new, _ = apply(state, 0, Discard(card=c(14)))
    assert new.phase is Phase.DRAW


def test_turn_limit_ends_the_game_ranked_by_level() -> None:
    state = make_state([[c(1), c(2)], [c(3)], [c(4)]], levels=[2, 5, 2], max_turns=1)
    new, events = apply(state, 0, Discard(card=c(1)))
    assert events[-1] == GameEnded(winner=None, reason=EndReason.TURN_LIMIT)
    result = ENGINE.result(new)
    assert result is not None
    assert [(s.rank, s.score, s.won) for s in result.seats] == [
        (2, 2, False), (1, 5, False), (2, 2, False)
    ]
    assert result.summary["end_reason"] == "turn_limit"


def test_served_skips_count_towards_the_turn_limit() -> None:
    state = make_state([[skip(0), c(2)], [c(3)]], max_turns=2)
    new, _ = apply(state, 0, PlaySkip(card=skip(0), target=1))
    assert new.phase is Phase.OVER
