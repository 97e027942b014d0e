"""The engine contract (`games.core.base.BaseEngine`), checked on every engine the registry
finds and on the tests' tiny engine, which lives outside `games/`: a new game is held to it by
being registered.

Every game here is played by one loop (`play`), which checks at each move that `apply` never
changes the state it is given. On top of it:

- random play at the smallest table, with default options, always ends; along the way no view
  depends on a secret it may not see (the values at the engine's `hidden_fields` that belong to
  other seats, dealt anew, leave every other view unchanged) and a state survives JSON; at the
  end the log replays to the same state and the finished game waits on nobody;
- at positions reached by play, an action outside a seat's legal list is refused with a
  RuleError and changes nothing, whatever the hand. The actions probed are near misses of legal
  ones, which is where a rule is forgotten: a legal action with one value changed (another card,
  target, seat, pile or colour, or a value out of range), with a list entry dropped or repeated,
  or a legal action of one seat played by another (out-of-range seats included); an action of
  a type the engine lists by example (`listed_by_example`) may be accepted. That play
  mixes random legal moves with the engines' own computer players, which reach the late
  positions (levels laid down, cards kept between rounds) that random play seldom does, with
  options drawn at random. A position is probed when it offers a kind of move this game has not
  offered yet, and every `PROBE_EVERY` moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any, cast

import pytest
from pydantic import BaseModel, ValidationError

from games.core.base import Engine
from games.core.errors import RuleError
from games.core.game_type import NOT_A_TABLE_OPTION
from games.core.registry import available_engines
from games.core.seeding import policy_rng
from tests.tiny_game import ENGINE as TINY_ENGINE

ENGINES: dict[str, Engine] = {**available_engines(), TINY_ENGINE.key: cast(Engine, TINY_ENGINE)}
PROBED_GAMES = 3
PROBED_STEPS = 1500
PROBE_EVERY = 40
ACTIONS_PROBED = 3
MUTATIONS_PER_ACTION = 4
PLAYERS = ("baseline", "heuristic")
"""The policy that plays most probed moves: the first of these an engine has."""
PLAYED_BY_POLICY = 0.8
FAR_OUT = 10**6
REDEALS = 20

Path = tuple[str | int, ...]
Log = list[tuple[int, BaseModel]]
Chooser = Callable[[BaseModel, int, list[BaseModel]], BaseModel]


def play(
    engine: Engine,
    state: BaseModel,
    rng: random.Random,
    choose: Chooser,
    visit: Callable[[BaseModel, int], None],
    steps: int | None = None,
    guard_input: bool = True,
) -> tuple[BaseModel, Log]:
    """Play from `state` until nobody is to act (or `steps` moves), a waiting seat drawn by
    `rng` choosing with `choose(state, seat, legal)`; `visit(state, step)` sees every position
    before its move. `guard_input` checks that `apply` left its input alone (the probed games,
    which check the same of every refused action, skip it on legal moves to stay fast).
    Returns the last state and the action log."""
    log: Log = []
    step = 0
    while steps is None or step < steps:
        visit(state, step)
        waiting = engine.to_act(state)
        if not waiting:
            break
        seat = rng.choice(waiting)
        action = choose(state, seat, engine.legal_actions(state, seat))
        before = state.model_dump_json() if guard_input else ""
        new, _events = engine.apply(state, seat, action)
        if guard_input:
            assert state.model_dump_json() == before, "apply changed the state it was given"
        log.append((seat, action))
        state = new
        step += 1
    return state, log


# ------------------------------------------------------------------ random play


def secret_slots(data: Any, pattern: str, owner: int | None) -> Iterator[Path]:
    """Where the values under `pattern` (a hidden field: dotted path, `*` for a seat's index)
    sit in a state's JSON form, leaving out those of `owner`, who may see them."""

    def walk(value: Any, steps: list[str], path: Path) -> Iterator[Path]:
        if not steps:
            if isinstance(value, list):
                for index, item in enumerate(value):
                    yield from walk(item, [], (*path, index))
            elif isinstance(value, dict):
                for key, item in value.items():
                    yield from walk(item, [], (*path, key))
            elif value is not None:
                yield path
            return
        step, rest = steps[0], steps[1:]
        if step == "*":
            for index, item in enumerate(value or []):
                if index != owner:
                    yield from walk(item, rest, (*path, index))
        elif isinstance(value, dict) and value.get(step) is not None:
            yield from walk(value[step], rest, (*path, step))

    yield from walk(data, pattern.split("."), ())


def read(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def redealt(engine: Engine, state: BaseModel, owner: int | None, rng: random.Random) -> BaseModel:
    """`state` with every secret `owner` may not see dealt anew: the values at the engine's
    hidden fields (other seats' hands, the draw pile...) shuffled among themselves, each kind of
    value apart, every slot keeping its place."""
    data = state.model_dump(mode="json")
    slots = [path for field in engine.hidden_fields for path in secret_slots(data, field, owner)]
    by_kind: dict[type, list[Path]] = {}
    for path in slots:
        by_kind.setdefault(type(read(data, path)), []).append(path)
    for paths in by_kind.values():
        values = [read(data, path) for path in paths]
        rng.shuffle(values)
        for path, value in zip(paths, values, strict=True):
            data = replaced(data, path, value)
    return engine.state_model.model_validate(data)


def consistent_redeal(
    engine: Engine, state: BaseModel, owner: int | None, rng: random.Random
) -> BaseModel | None:
    """A redeal that the table could not tell apart from `state` by what the rules make public
    about secrets (`revealed`: who is waited on, which seats Heaven & Hell asks because they hold
    a colour), since every view may show that much. None when a few tries find none."""
    for _ in range(REDEALS):
        other = redealt(engine, state, owner, rng)
        if engine.revealed(other) == engine.revealed(state):
            return other
    return None


def checked(engine: Engine) -> Callable[[BaseModel, int], None]:
    """What every position of an unfinished game must satisfy."""

    rng = random.Random(engine.key)

    def visit(state: BaseModel, step: int) -> None:
        if not engine.to_act(state):
            return
        assert engine.result(state) is None
        for seat in (None, *range(engine.seat_count(state))):
            other = consistent_redeal(engine, state, seat, rng)
            if other is None:
                continue
            assert engine.view(other, seat) == engine.view(state, seat), (
                f"{engine.key}: the view of seat {seat} shows a secret of another seat"
            )
        assert engine.load_state(state.model_dump_json()) == state

    return visit


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_random_play_ends_and_replays_from_its_log(key: str) -> None:
    engine = ENGINES[key]
    players, seed = engine.min_players, 1
    rng = policy_rng(seed)
    start = engine.new_game(engine.config_model(), players, seed)[0]
    final, log = play(
        engine, start, rng, lambda state, seat, legal: rng.choice(legal), checked(engine)
    )
    result = engine.result(final)
    assert result is not None and len(result.seats) == players
    assert engine.to_act(final) == [], "a finished game waits on nobody"
    assert all(engine.legal_actions(final, seat) == [] for seat in range(players))
    replayed = engine.new_game(engine.config_model(), players, seed)[0]
    for seat, action in log:
        replayed, _ = engine.apply(replayed, seat, engine.parse_action(action.model_dump_json()))
    assert replayed == final


def test_every_game_declares_its_type() -> None:
    for key, engine in ENGINES.items():
        game = engine.game_type
        assert game.key == key == engine.key
        assert 1 <= game.min_players <= game.max_players
        assert game.default_policy in engine.policy_names()
        offered = {
            name
            for name, field in game.config_model.model_fields.items()
            if field.json_schema_extra != NOT_A_TABLE_OPTION
        }
        assert {option.name for option in game.options} == offered


# ------------------------------------------------------------------ illegal actions


def random_config(engine: Engine, rng: random.Random) -> BaseModel:
    """The defaults, with every yes/no and every choice among named options drawn at random
    (Level 8's hard side and decks, The Game's expert mode...)."""
    chosen: dict[str, Any] = {}
    for name, field in engine.config_model.model_fields.items():
        kind = field.annotation
        if kind is bool:
            chosen[name] = rng.random() < 0.5
        elif isinstance(kind, type) and issubclass(kind, Enum):
            chosen[name] = rng.choice(list(kind))
    return engine.config_model(**chosen)


def leaves(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value of an action's JSON form but its `kind`, with where it sits."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "kind":
                yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        yield path, data
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))
    else:
        yield path, data


def field_name(path: Path) -> str:
    return next((str(step) for step in reversed(path) if isinstance(step, str)), "")


def replaced(data: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, str(head): replaced(data[str(head)], rest, value)}
    copy = list(data)
    copy[int(head)] = replaced(copy[int(head)], rest, value)
    return copy


def seen_values(actions: list[BaseModel]) -> dict[str, list[Any]]:
    """The values each field takes among legal actions: "another card", "another target"."""
    seen: dict[str, list[Any]] = {}
    for action in actions:
        for path, value in leaves(action.model_dump(mode="json")):
            if not isinstance(value, list) and value not in seen.setdefault(field_name(path), []):
                seen[field_name(path)].append(value)
    return seen


def near_misses(
    data: dict[str, Any], seen: dict[str, list[Any]], players: int, rng: random.Random
) -> list[dict[str, Any]]:
    """One value of a legal action changed, or one list entry dropped or repeated."""
    found: list[dict[str, Any]] = []
    for path, value in leaves(data):
        if isinstance(value, list):
            found += [replaced(data, path, value[:i] + value[i + 1 :]) for i in range(len(value))]
            found += [replaced(data, path, [*value, entry]) for entry in value[:1]]
            continue
        others = [other for other in seen.get(field_name(path), []) if other != value]
        if isinstance(value, int) and not isinstance(value, bool):
            others += [value - 1, value + 1, -1, players, FAR_OUT]
        elif value is None:
            others += [0, -1, FAR_OUT]
        else:
            others.append(None)
        found += [replaced(data, path, other) for other in others]
    return rng.sample(found, min(MUTATIONS_PER_ACTION, len(found)))


def parsed(engine: Engine, data: dict[str, Any]) -> BaseModel | None:
    """The action, or None when it cannot even be written (refused before any rule)."""
    try:
        return engine.parse_action(data)
    except (ValidationError, RuleError):
        return None


def probes(
    engine: Engine, legal: dict[int, list[BaseModel]], players: int, rng: random.Random
) -> Iterator[tuple[int, BaseModel]]:
    """Near misses of some legal actions for the seat they are legal for, and the actions
    themselves for every other seat."""
    seen = seen_values([action for actions in legal.values() for action in actions])
    for seat, actions in legal.items():
        for action in rng.sample(actions, min(ACTIONS_PROBED, len(actions))):
            for miss in near_misses(action.model_dump(mode="json"), seen, players, rng):
                written = parsed(engine, miss)
                if written is not None:
                    yield seat, written
            yield from ((other, action) for other in legal if other != seat)


def probe(engine: Engine, state: BaseModel, players: int, rng: random.Random) -> int:
    """Plays near misses of the legal actions at `state`; returns how many were refused."""
    legal = {seat: engine.legal_actions(state, seat) for seat in range(-1, players + 1)}
    listed = {seat: {a.model_dump_json() for a in actions} for seat, actions in legal.items()}
    before = state.model_dump_json()
    refused = 0
    for seat, action in probes(engine, legal, players, rng):
        if action.model_dump_json() in listed[seat]:
            continue
        try:
            engine.apply(state, seat, action)
        except RuleError:
            assert state.model_dump_json() == before, (engine.key, seat, action)
            refused += 1
            continue
        assert isinstance(action, engine.listed_by_example), (
            f"{engine.key}: seat {seat} may play {action!r}, not among its legal actions "
            f"({len(legal[seat])}, the first: {legal[seat][:5]!r})"
        )
    return refused


def kinds_of_moves(engine: Engine, state: BaseModel) -> frozenset[str]:
    """What the waiting seats may do, by kind of action: a position worth probing is one whose
    kinds this game has not shown yet (the first keep, the first lay-off, the game's end)."""
    return frozenset(
        type(action).__name__
        for seat in engine.to_act(state)
        for action in engine.legal_actions(state, seat)
    )


def probed_game(engine: Engine, game: int, player: str | None) -> tuple[int, int]:
    """One game played mostly by `player`, probed on the way; how many actions were refused,
    and at how many positions where a seat was waited on."""
    rng = random.Random(f"{engine.key}/{game}")
    players = rng.randint(engine.min_players, engine.max_players)
    shown: set[frozenset[str]] = set()
    refused = positions = 0

    def visit(state: BaseModel, step: int) -> None:
        nonlocal refused, positions
        kinds = kinds_of_moves(engine, state)
        if kinds not in shown or step % PROBE_EVERY == 0:
            shown.add(kinds)
            refused += probe(engine, state, players, rng)
            positions += bool(engine.to_act(state))

    def choose(state: BaseModel, seat: int, legal: list[BaseModel]) -> BaseModel:
        if player is not None and rng.random() < PLAYED_BY_POLICY:
            return engine.policy(player).choose(engine.view(state, seat), legal, rng)
        return rng.choice(legal)

    start = engine.new_game(random_config(engine, rng), players, game)[0]
    play(engine, start, rng, choose, visit, PROBED_STEPS, guard_input=False)
    return refused, positions


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_actions_outside_the_legal_list_are_refused_and_change_nothing(key: str) -> None:
    engine = ENGINES[key]
    player = next((name for name in PLAYERS if name in engine.policy_names()), None)
    probed = [probed_game(engine, game, player) for game in range(PROBED_GAMES)]
    refused, positions = sum(r for r, _ in probed), sum(p for _, p in probed)
    # A long game is probed at many positions; a short one (two kinds of move, a few turns) at
    # few, each of which must still refuse every seat's near misses.
    assert refused > min(100, 4 * positions), (refused, positions)
