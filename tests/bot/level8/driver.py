"""Plays Level 8 through SimCord the way people do: "Show my hand", then each step of a turn
with the hand's own controls (draw buttons, the proposal, the lay-off and discard menus, Skip
buttons, the keep menu). Moves are what the engine's heuristic would choose for the seat, so
games end in a reasonable number of clicks; but every click is found among the hand message's
controls, and at each step the controls must offer exactly the engine's legal moves.

It also keeps every message the bot sent, tagged with who could see it, so a test can check
that no card of a hand shows anywhere but in that player's own ephemeral messages.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot.settings import Settings
from cogs.level8.lay_off import target_code
from cogs.level8.payloads import card_code
from cogs.level8.words import COLOUR_SQUARES, card
from games.level8 import ENGINE
from games.level8.actions import (
    Action,
    Discard,
    DisplayLevel,
    DrawFromDiscard,
    DrawFromPile,
    LayOff,
    PlaySkip,
)
from games.level8.cards import is_number, is_skip, number_card
from games.level8.events import (
    Discarded,
    DrewFromDiscard,
    LaidOff,
    LevelDisplayed,
)
from games.level8.state import GameState, Phase
from tests.bot.helpers import button_labels, query
from tests.support.messages import components, sent_since, walk

CARD_TOKEN = re.compile("(" + "|".join(COLOUR_SQUARES) + r")(\d+)")
HAND_TITLE = "🃏"


def game_state(db: Path) -> GameState:
    rows = query(db, "SELECT state FROM games ORDER BY id DESC LIMIT 1")
    return ENGINE.load_state(rows[0][0])


def game_status(db: Path) -> str:
    return str(query(db, "SELECT status FROM games ORDER BY id DESC LIMIT 1")[0][0])


def logged_actions(db: Path) -> list[tuple[int, str, str]]:
    return query(db, "SELECT seat, actor, action FROM actions ORDER BY seq")


def cards_in(text: str) -> set[int]:
    """Number cards written in a text (`🟥7`); wilds and Skips all look alike and name none."""
    return {
        number_card(int(value), COLOUR_SQUARES.index(square))
        for square, value in CARD_TOKEN.findall(text)
        if 1 <= int(value) <= 15
    }


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


def options(message: Any, payload: str) -> list[str]:
    return [option["value"] for option in controls(message)[payload]["options"]]


@dataclass
class Sent:
    """One message (or edit) the bot sent: `owner` is the only member who could see it, or
    None for everyone."""

    owner: int | None
    texts: list[str]
    cards: set[int]
    is_hand: bool


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
        for option in component.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    found: set[int] = set()
    for text in texts:
        found |= cards_in(text)
    return Sent(owner, texts, found, is_hand)


@dataclass
class Player:
    member: simcord.MemberActor
    seat: int
    hand: simcord.ResponseMessage | None = None
    opened_at: tuple[int, int, bool] | None = None
    """(round, turns, keeping) when the player last pressed "Show my hand"."""


@dataclass
class Driver:
    env: simcord.Env
    db: Path
    thread: simcord.ChannelHandle
    players: dict[int, Player]
    sent: list[Sent] = field(default_factory=list)
    clicks: int = 0
    _cursor: int = 0
    _public: set[int] = field(default_factory=set)
    _replayed: int = 0
    _replay: GameState | None = None

    # ---------------------------------------------------------------- reading

    def state(self) -> GameState:
        return game_state(self.db)

    def table(self) -> Any:
        for message in reversed(self.thread.history()):
            if "Show my hand" in button_labels(message):
                return message
        raise AssertionError("no table message")

    def set_position(self, state: GameState) -> None:
        """Puts a position made by hand into the running game (the bot loads it afresh at
        every click); the leak check then replays from there."""
        running = "UPDATE games SET state = ? WHERE status = 'running'"
        query(self.db, running, (state.model_dump_json(),))
        self._replay = state
        self._replayed = len(logged_actions(self.db))
        self._see(state, [])

    def collect(self, owner: int | None) -> None:
        """Files what the bot sent since the last collect, checking it for hidden cards."""
        found, self._cursor = sent_since(self.env, self._cursor, owner)
        new = [_sent(seen_by, payload) for seen_by, payload in found]
        self.check_new_messages(new)
        self.sent += new

    def check_new_messages(self, new: list[Sent]) -> None:
        """Every number card a message shows was, at some moment while it was being sent (the
        actions since the previous check), public or in its viewer's own hand; hand messages
        are only ever ephemeral answers to their own player."""
        members = {player.member.id: seat for seat, player in self.players.items()}
        seen = self.replay_since_last_check()
        for sent in new:
            assert not sent.is_hand or sent.owner in members, sent.texts
            allowed = set(self._public)
            if sent.owner in members:
                allowed |= seen[members[sent.owner]]
            hidden = sent.cards - allowed
            assert not hidden, (hidden, sent.owner, sent.texts)

    def replay_since_last_check(self) -> dict[int, set[int]]:
        """Replays the game's log with the engine up to now, adding every card that became
        public (a discard top, in a display, named by a move) to `_public`; returns, per seat,
        the cards it held at any moment since the previous check."""
        if self._replay is None:
            row = query(self.db, "SELECT id, config, seed FROM games ORDER BY id DESC LIMIT 1")[0]
            seats = query(self.db, "SELECT COUNT(*) FROM seats WHERE game_id = ?", (row[0],))
            config = ENGINE.config_model.model_validate_json(row[1])
            self._replay = ENGINE.new_game(config, seats[0][0], row[2])
            self._see(self._replay, [])
        held = {seat: set(player.hand) for seat, player in enumerate(self._replay.players)}
        for seat, _, action in logged_actions(self.db)[self._replayed :]:
            self._replay, events = ENGINE.apply(self._replay, seat, ENGINE.parse_action(action))
            self._see(self._replay, events)
            for number, player in enumerate(self._replay.players):
                held[number] |= set(player.hand)
            self._replayed += 1
        return held

    def _see(self, state: GameState, events: list[Any]) -> None:
        for player in state.players:
            self._public.update(player.discard[-1:])
            self._public.update(p.card for group in player.groups for p in group.cards)
        for event in events:
            if isinstance(event, Discarded | DrewFromDiscard):
                self._public.add(event.card)
            elif isinstance(event, LaidOff):
                self._public.add(event.placed.card)
            elif isinstance(event, LevelDisplayed):
                self._public.update(p.card for group in event.groups for p in group.cards)

    def check_hands_were_seen(self) -> None:
        """Each player's latest hand message shows their cards, so the leak check, which
        reads the same messages, can see cards at all."""
        state = self.state()
        for player in self.players.values():
            hands = [sent for sent in self.sent if sent.owner == player.member.id and sent.is_hand]
            numbers = {c for c in state.players[player.seat].hand if is_number(c)}
            assert hands and numbers <= hands[-1].cards

    # ---------------------------------------------------------------- acting

    async def click(self, player: Player, message: Any, payload: str) -> simcord.InteractionResult:
        custom_id = controls(message)[payload]["custom_id"]
        result = await player.member.click(message, custom_id=custom_id)
        self.clicks += 1
        self.collect(player.member.id)
        return result

    async def select(
        self, player: Player, message: Any, payload: str, values: list[str]
    ) -> simcord.InteractionResult:
        offered = options(message, payload)
        assert set(values) <= set(offered), (values, offered)
        custom_id = controls(message)[payload]["custom_id"]
        result = await player.member.select(message, values, custom_id=custom_id)
        self.clicks += 1
        self.collect(player.member.id)
        return result

    async def open_hand(self, player: Player) -> simcord.ResponseMessage:
        result = await player.member.click(self.table(), label="Show my hand")
        self.collect(player.member.id)
        assert result.response is not None and result.response.ephemeral
        player.hand = result.response
        state = self.state()
        player.opened_at = (state.round, state.turns, state.phase is Phase.KEEP)
        return result.response

    def policy_move(self, seat: int) -> Action:
        state = self.state()
        legal = ENGINE.legal_actions(state, seat)
        rng = random.Random(f"{state.turns}/{seat}")
        return ENGINE.policy("heuristic").choose(ENGINE.view(state, seat), legal, rng)

    async def play_one(self) -> None:
        """One action of a person who must act (the first such seat)."""
        state = self.state()
        seat = next(s for s in ENGINE.to_act(state) if s in self.players)
        player = self.players[seat]
        hand = player.hand
        if hand is None or player.opened_at != (
            state.round,
            state.turns,
            state.phase is Phase.KEEP,
        ):
            hand = await self.open_hand(player)
        self.check_offered_moves(hand, state, seat)
        await self.perform(player, self.policy_move(seat))

    async def perform(self, player: Player, move: Action) -> None:
        hand = player.hand
        assert hand is not None
        view_hand = ENGINE.view(self.state(), player.seat).hand or []
        face = {card(c): c for c in reversed(view_hand)}
        if isinstance(move, DrawFromPile):
            await self.click(player, hand, "dp")
        elif isinstance(move, DrawFromDiscard):
            await self.click(player, hand, f"dd{move.owner}")
        elif isinstance(move, DisplayLevel):
            await self.click(player, hand, "L")
        elif isinstance(move, LayOff):
            shown = face[card(move.card)]
            await self.select(player, hand, "o", [card_code(shown)])
            target = target_code(move)
            payloads = controls(hand)
            if f"t{card_code(shown)}{target}" in payloads:
                await self.click(player, hand, f"t{card_code(shown)}{target}")
            elif f"T{card_code(shown)}" in payloads:
                await self.select(player, hand, f"T{card_code(shown)}", [target])
        elif isinstance(move, Discard):
            await self.select(player, hand, "x", [card_code(face[card(move.card)])])
        elif isinstance(move, PlaySkip):
            await self.click(player, hand, f"s{card_code(face[card(move.card)])}{move.target}")
        elif move.cards:
            await self.select(player, hand, "k", [card_code(c) for c in move.cards])
        else:
            await self.click(player, hand, "k-")

    def check_offered_moves(self, hand: Any, state: GameState, seat: int) -> None:
        """The hand's controls are exactly the seat's legal moves, step by step."""
        legal = ENGINE.legal_actions(state, seat)
        offered = controls(hand)
        view_hand = ENGINE.view(state, seat).hand or []
        faces = {card(c): c for c in reversed(view_hand)}
        if state.phase is Phase.KEEP:
            assert set(offered) == {"k", "k-"}
            assert options(hand, "k") == [card_code(c) for c in view_hand]
        elif state.phase is Phase.DRAW:
            draws = {"dp" for a in legal if isinstance(a, DrawFromPile)}
            draws |= {f"dd{a.owner}" for a in legal if isinstance(a, DrawFromDiscard)}
            assert set(offered) == draws
        else:
            displays = any(isinstance(a, DisplayLevel) for a in legal)
            assert ("L" in offered) == displays and ("b" in offered) == displays
            discards = {card_code(faces[card(a.card)]) for a in legal if isinstance(a, Discard)}
            assert set(options(hand, "x")) == discards
            lay_offs = {card_code(faces[card(a.card)]) for a in legal if isinstance(a, LayOff)}
            assert set(options(hand, "o") if "o" in offered else []) == lay_offs
            skips = {
                f"s{card_code(faces[card(a.card)])}{a.target}"
                for a in legal
                if isinstance(a, PlaySkip) and len(view_hand) > 1
            }
            assert {p for p in offered if p.startswith("s")} == skips
            assert all(not is_skip(c) or card(c) in faces for c in view_hand)

    async def play_to_the_end(self, max_steps: int = 5000) -> None:
        for _ in range(max_steps):
            if game_status(self.db) != "running":
                return
            await self.play_one()
        raise AssertionError("the game did not end")


async def start(
    env: simcord.Env,
    settings: Settings,
    members: list[simcord.MemberActor],
    channel: simcord.ChannelHandle,
    computers: int = 0,
    **options: Any,
) -> Driver:
    """`/play level8` by the first member, the others join, computers added, start."""
    host = members[0]
    lobby = (await host.slash(channel, "play level8", **options)).response
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
