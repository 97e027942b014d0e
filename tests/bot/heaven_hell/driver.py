"""Plays Heaven & Hell through SimCord the way people do: "Show my hand", then a card and a
side, a stuck player's discard, or the secret double, with the hand's own controls. Moves are
what the engine's heuristic would choose for the seat, but every click is found among the hand
message's controls, and at each step the controls must offer exactly the engine's legal moves.

It also keeps every message the bot sent, tagged with who could see it, and checks as they
arrive that no card of a hand, and no secret double before the reveal, shows anywhere but in
that player's own ephemeral messages.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot.settings import Settings
from cogs.heaven_hell.payloads import (
    choose_code,
    declare_code,
    discard_code,
    place_code,
)
from cogs.heaven_hell.words import COLOUR_SQUARES, DOUBLE, square
from games.heaven_hell import ENGINE
from games.heaven_hell.actions import AnyAction, DeclareDouble, DiscardStuck, PlaceCard
from games.heaven_hell.cards import COLOURS, Card, Colour, card_of
from games.heaven_hell.events import CardDiscarded, CardPlaced, PlayerStuck
from games.heaven_hell.rules import is_stuck
from games.heaven_hell.state import HeavenHellState, Phase
from tests.bot.helpers import button_labels, query
from tests.support.messages import components, sent_since, walk

CARD_TOKEN = re.compile("(" + "|".join(COLOUR_SQUARES) + r")([1-5])")
HAND_TITLE = "🃏"
Face = tuple[Colour, int]


def game_state(db: Path) -> HeavenHellState:
    rows = query(db, "SELECT state FROM games ORDER BY id DESC LIMIT 1")
    return ENGINE.load_state(rows[0][0])


def game_status(db: Path) -> str:
    return str(query(db, "SELECT status FROM games ORDER BY id DESC LIMIT 1")[0][0])


def action_count(db: Path) -> int:
    return int(query(db, "SELECT action_count FROM games ORDER BY id DESC LIMIT 1")[0][0])


def logged_actions(db: Path) -> list[tuple[int, str, str]]:
    return query(db, "SELECT seat, actor, action FROM actions ORDER BY seq")


def kinds(db: Path) -> list[tuple[int, str, str]]:
    """(seat, actor, kind) of every logged action."""
    return [
        (seat, actor, action.split('"kind":"')[1].split('"')[0])
        for seat, actor, action in logged_actions(db)
    ]


def faces_in(text: str) -> Counter[Face]:
    """Cards written in a text (`🟥3`), counted."""
    return Counter(
        (COLOURS[COLOUR_SQUARES.index(mark)], int(value))
        for mark, value in CARD_TOKEN.findall(text)
    )


def faces(card_ids: list[int]) -> Counter[Face]:
    return Counter((card_of(c).colour, card_of(c).value) for c in card_ids)


def face_of(item: Card) -> Face:
    return item.colour, item.value


def payload_of(component: dict[str, Any]) -> str | None:
    custom_id = str(component.get("custom_id") or "")
    if not custom_id.startswith(("ct:act:", "ct:pick:")):
        return None
    return custom_id.split(":", 5)[5]


def controls(message: Any) -> dict[str, dict[str, Any]]:
    """A hand's enabled controls by payload."""
    return {
        payload: c
        for c in components(message)
        if (payload := payload_of(c)) is not None and not c.get("disabled")
    }


def disabled_controls(message: Any) -> dict[str, dict[str, Any]]:
    return {
        payload: c
        for c in components(message)
        if (payload := payload_of(c)) is not None and c.get("disabled")
    }


@dataclass
class Sent:
    """One message (or edit) the bot sent: `owner` is the only member who could see it, or
    None for everyone."""

    owner: int | None
    texts: list[str]
    is_hand: bool

    @property
    def text(self) -> str:
        return "\n".join(self.texts)


def _sent(owner: int | None, payload: dict[str, Any]) -> Sent:
    texts: list[str] = []
    if payload.get("content"):
        texts.append(payload["content"])
    is_hand = False
    for embed in payload.get("embeds") or []:
        title = embed.get("title") or ""
        is_hand = is_hand or title.startswith(HAND_TITLE)
        texts += [title, embed.get("description") or ""]
        for item in embed.get("fields") or []:
            texts += [item.get("name", ""), item.get("value", "")]
    for component in walk(payload.get("components") or []):
        texts.append(component.get("label") or component.get("placeholder") or "")
    return Sent(owner, texts, is_hand)


@dataclass
class Player:
    member: simcord.MemberActor
    seat: int
    hand: simcord.ResponseMessage | None = None
    opened_at: int | None = None
    """The game's action count when the player last pressed "Show my hand"."""


@dataclass
class Driver:
    env: simcord.Env
    db: Path
    thread: simcord.ChannelHandle
    players: dict[int, Player]
    sent: list[Sent] = field(default_factory=list)
    clicks: int = 0
    _cursor: int = 0
    _public: set[Face] = field(default_factory=set)
    _replayed: int = 0
    _replay: HeavenHellState | None = None

    # ---------------------------------------------------------------- reading

    def state(self) -> HeavenHellState:
        return game_state(self.db)

    def table(self) -> Any:
        for message in reversed(self.thread.history()):
            if "Show my hand" in button_labels(message):
                return message
        raise AssertionError("no table message")

    def set_position(self, state: HeavenHellState) -> None:
        """Puts a position made by hand into the running game (the bot loads it afresh at
        every click); the leak check then replays from there."""
        running = "UPDATE games SET state = ? WHERE status = 'running'"
        query(self.db, running, (state.model_dump_json(),))
        self._replay = state
        self._replayed = len(logged_actions(self.db))
        self._see(state, [])

    def collect(self, owner: int | None) -> None:
        """Files what the bot sent since the last collect, checking it for hidden cards and
        secret doubles."""
        found, self._cursor = sent_since(self.env, self._cursor, owner)
        new = [_sent(seen_by, payload) for seen_by, payload in found]
        self.check_new_messages(new)
        self.sent += new

    def check_new_messages(self, new: list[Sent]) -> None:
        """Every card a message shows was, at some moment while it was being sent (the actions
        since the previous check), public or in its viewer's own hand; hand messages are only
        ever ephemeral answers to their own player; and while doubles are being chosen, no
        message but a player's own shows that player's choice."""
        members = {player.member.id: seat for seat, player in self.players.items()}
        held = self.replay_since_last_check()
        state = self._replay
        assert state is not None
        for sent in new:
            assert not sent.is_hand or sent.owner in members, sent.texts
            allowed = set(self._public)
            if sent.owner in members:
                allowed |= held[members[sent.owner]]
            hidden = set(faces_in(sent.text)) - allowed
            assert not hidden, (hidden, sent.owner, sent.texts)
            if state.phase is Phase.DECLARE:
                self.check_no_secret_double(sent, state, members)

    def check_no_secret_double(
        self, sent: Sent, state: HeavenHellState, members: dict[int, int]
    ) -> None:
        """A declared double shows in its owner's hand ("Your secret choice") and, once every
        seat has chosen, as "name ×2 🟥" in the reveal; neither may reach anyone else before."""
        owner = members.get(sent.owner or 0)
        if "secret choice" in sent.text:
            assert owner is not None and state.declared[owner], sent.texts
        for seat, colour in enumerate(state.doubles):
            if state.declared[seat] and colour is not None and owner != seat:
                assert f"{self.name(seat)} {DOUBLE} {square(colour)}" not in sent.text, sent.texts

    def name(self, seat: int) -> str:
        player = self.players.get(seat)
        return player.member.name if player is not None else f"Computer {seat + 1}"

    def replay_since_last_check(self) -> dict[int, set[Face]]:
        """Replays the game's log with the engine up to now, adding every card that became
        public (placed, discarded, a stuck hand, hands revealed at scoring) to `_public`;
        returns, per seat, the cards it held at any moment since the previous check."""
        if self._replay is None:
            row = query(self.db, "SELECT id, config, seed FROM games ORDER BY id DESC LIMIT 1")[0]
            seats = query(self.db, "SELECT COUNT(*) FROM seats WHERE game_id = ?", (row[0],))
            config = ENGINE.config_model.model_validate_json(row[1])
            self._replay = ENGINE.new_game(config, seats[0][0], row[2])
            self._see(self._replay, [])
        held = {seat: set(faces(hand)) for seat, hand in enumerate(self._replay.hands)}
        for seat, _, action in logged_actions(self.db)[self._replayed :]:
            self._replay, events = ENGINE.apply(self._replay, seat, ENGINE.parse_action(action))
            self._see(self._replay, events)
            for number, hand in enumerate(self._replay.hands):
                held[number] |= set(faces(hand))
            self._replayed += 1
        return held

    def _see(self, state: HeavenHellState, events: list[Any]) -> None:
        for row in state.rows:
            self._public |= set(faces(row.heaven + row.hell))
        self._public |= set(faces(state.discard))
        for report in state.reports:
            self._public |= {face_of(item) for hand in report.hands for item in hand}
        for event in events:
            if isinstance(event, CardPlaced | CardDiscarded):
                self._public.add(face_of(event.card))
            elif isinstance(event, PlayerStuck):
                self._public |= {face_of(item) for item in event.hand}

    def check_hands_were_seen(self) -> None:
        """Each player's hand messages showed their cards, so the leak check, which reads the
        same messages, can see cards at all."""
        for player in self.players.values():
            hands = [sent for sent in self.sent if sent.owner == player.member.id and sent.is_hand]
            assert hands and any(faces_in(sent.text) for sent in hands)

    # ---------------------------------------------------------------- acting

    async def click(self, player: Player, message: Any, payload: str) -> simcord.InteractionResult:
        custom_id = controls(message)[payload]["custom_id"]
        result = await player.member.click(message, custom_id=custom_id)
        self.clicks += 1
        self.collect(player.member.id)
        return result

    async def open_hand(self, player: Player) -> simcord.ResponseMessage:
        result = await player.member.click(self.table(), label="Show my hand")
        self.collect(player.member.id)
        assert result.response is not None and result.response.ephemeral
        player.hand = result.response
        player.opened_at = action_count(self.db)
        return result.response

    def policy_move(self, seat: int) -> AnyAction:
        state = self.state()
        legal = ENGINE.legal_actions(state, seat)
        rng = random.Random(f"{len(state.recent)}/{seat}/{state.round}")
        action = ENGINE.policy("heuristic").choose(ENGINE.view(state, seat), legal, rng)
        assert isinstance(action, PlaceCard | DiscardStuck | DeclareDouble)
        return action

    async def hand_of(self, player: Player) -> simcord.ResponseMessage:
        """The player's hand, opened afresh when the game moved since it was opened."""
        if player.hand is None or player.opened_at != action_count(self.db):
            return await self.open_hand(player)
        return player.hand

    async def play_one(self) -> None:
        """One action of a person who must act (the first such seat)."""
        state = self.state()
        seat = next(s for s in ENGINE.to_act(state) if s in self.players)
        player = self.players[seat]
        hand = await self.hand_of(player)
        self.check_offered_moves(hand, state, seat)
        await self.perform(player, self.policy_move(seat))

    async def perform(self, player: Player, move: AnyAction) -> None:
        hand = player.hand
        assert hand is not None
        if isinstance(move, PlaceCard):
            await self.click(player, hand, choose_code(move.colour, move.value))
            sides = {p for p in controls(hand) if p.startswith("p")}
            legal = ENGINE.legal_actions(self.state(), player.seat)
            assert sides == {
                place_code(a.colour, a.value, a.side)
                for a in legal
                if isinstance(a, PlaceCard) and (a.colour, a.value) == (move.colour, move.value)
            }
            await self.click(player, hand, place_code(move.colour, move.value, move.side))
        elif isinstance(move, DiscardStuck):
            await self.click(player, hand, discard_code(move.colour, move.value))
        else:
            await self.click(player, hand, declare_code(move.colour))

    def check_offered_moves(self, hand: Any, state: HeavenHellState, seat: int) -> None:
        """The hand's controls are exactly the seat's legal moves (a card's sides come with the
        second click, checked in `perform`); cards of closed rows are shown, locked."""
        legal = ENGINE.legal_actions(state, seat)
        offered = set(controls(hand))
        if state.phase is Phase.DECLARE:
            assert offered == {
                declare_code(a.colour) for a in legal if isinstance(a, DeclareDouble)
            }
        elif is_stuck(state):
            assert offered == {
                discard_code(a.colour, a.value) for a in legal if isinstance(a, DiscardStuck)
            }
        else:
            assert offered == {
                choose_code(a.colour, a.value) for a in legal if isinstance(a, PlaceCard)
            }
            locked = {
                choose_code(card_of(c).colour, card_of(c).value)
                for c in state.hands[seat]
                if choose_code(card_of(c).colour, card_of(c).value) not in offered
            }
            assert set(disabled_controls(hand)) == locked

    async def play_to_the_end(self, max_steps: int = 2000) -> None:
        for _ in range(max_steps):
            if game_status(self.db) != "running":
                return
            await self.play_one()
        raise AssertionError("the game did not end")

    async def play_until(self, phase: Phase, max_steps: int = 500) -> None:
        """People play (computers too, by themselves) until the game reaches `phase`."""
        for _ in range(max_steps):
            if self.state().phase is phase:
                return
            await self.play_one()
        raise AssertionError(f"the game never reached {phase}")


async def start(
    env: simcord.Env,
    settings: Settings,
    members: list[simcord.MemberActor],
    channel: simcord.ChannelHandle,
    computers: int = 0,
) -> Driver:
    """`/play heaven-hell` by the first member, the others join, computers added, start."""
    host = members[0]
    lobby = (await host.slash(channel, "play heaven-hell")).response
    assert lobby is not None
    for member in members[1:]:
        await member.click(lobby, label="Join")
    for _ in range(computers):
        await host.click(lobby, label="Add computer")
    await host.click(lobby, label="Start")
    place = channel.threads[-1]
    players = {seat: Player(member, seat) for seat, member in enumerate(members)}
    driver = Driver(env, settings.database_path, place, players)
    driver.collect(None)
    return driver
