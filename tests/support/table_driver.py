"""What every game's SimCord driver shares: reading the newest game from the database, and a
driver that opens the game through its lobby and plays like people do ("Show my hand", then the
hand's own controls) while filing every message the bot sent with who could see it.

A game's driver subclasses `TableDriver` (or `ReplayingDriver`, which checks each message for
hidden cards as it arrives) and supplies only what is its own: how cards are written, how the
seat's move is made with the hand's controls, and which controls a position must offer.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

import simcord
from pydantic import BaseModel

from bot.app import CardTableBot
from bot.i18n import Texts
from bot.settings import Settings
from bot.tables.outbox import WINDOW
from games.core.base import Engine
from tests.bot.helpers import query, start_game, table_message
from tests.support.colour_marks import unmarked_colours
from tests.support.messages import (
    carried,
    controls,
    forge_control,
    options,
    sent_since,
    walk,
)

State = TypeVar("State", bound=BaseModel)
Card = TypeVar("Card", bound=Hashable)
"""How a driver names a card it reads in a message: a card id, or a face when copies look
alike."""

HAND_TITLE = "🃏"
"""How a hand message's embed title starts."""

LIVE_SETTLE = 1.0
"""Seconds a live-hand player waits before reading their hand: the bot edits live hands a
moment after a change (`bot.tables.live_hands.SETTLE`)."""


async def drain(env: simcord.Env) -> None:
    """Lets the bot's clock run, a rate-limit window at a time, until no write waits for its
    channel's budget: SimCord's clock moves only when a test moves it."""
    publishing = cast(CardTableBot, env.bot).publishing
    while publishing.holding():
        await env.advance_time(WINDOW)


def game_status(db: Path) -> str:
    """The newest game's status ("running", "finished", ...)."""
    return str(query(db, "SELECT status FROM games ORDER BY id DESC LIMIT 1")[0][0])


def action_count(db: Path) -> int:
    """How many actions the newest game accepted."""
    return int(query(db, "SELECT action_count FROM games ORDER BY id DESC LIMIT 1")[0][0])


def logged_actions(db: Path) -> list[tuple[int, str, str]]:
    """(seat, actor, action as JSON) of every logged action, in order."""
    return query(db, "SELECT seat, actor, action FROM actions ORDER BY seq")


def kinds(db: Path) -> list[tuple[int, str, str]]:
    """(seat, actor, kind) of every logged action."""
    return [
        (seat, actor, action.split('"kind":"')[1].split('"')[0])
        for seat, actor, action in logged_actions(db)
    ]


def visible_texts(payload: dict[str, Any]) -> list[str]:
    """Every text of a sent message a player can read: content, embed title, description,
    fields and footer, the label (or placeholder) of each component and its menu options."""
    texts: list[str] = []
    if payload.get("content"):
        texts.append(payload["content"])
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        for item in embed.get("fields") or []:
            texts += [item.get("name", ""), item.get("value", "")]
        texts.append((embed.get("footer") or {}).get("text") or "")
    for component in walk(payload.get("components") or []):
        texts.append(component.get("label") or component.get("placeholder") or "")
        for option in component.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
    return texts


def is_hand_message(payload: dict[str, Any]) -> bool:
    return any(
        (embed.get("title") or "").startswith(HAND_TITLE) for embed in payload.get("embeds") or []
    )


@dataclass
class Sent(Generic[Card]):
    """One message (or edit) the bot sent: `owner` is the only member who could see it, or
    None for everyone; `cards` the cards a reader could find in it."""

    owner: int | None
    texts: list[str]
    cards: set[Card]
    is_hand: bool

    @property
    def text(self) -> str:
        return "\n".join(self.texts)


@dataclass
class Player:
    member: simcord.MemberActor
    seat: int
    hand: simcord.ResponseMessage | None = None
    opened_at: Hashable | None = None
    """Where the game stood (`TableDriver.position`) when the player last pressed "Show my
    hand"."""


@dataclass
class TableDriver(ABC, Generic[State, Card]):
    """Plays a game through SimCord as its people would, and files every message the bot sent
    (`sent`) for the leak checks."""

    engine: ClassVar[Engine]
    """The game's own `ENGINE`, typed as the bot drives every engine (`games.core.base.Engine`:
    each engine types its states and actions more narrowly)."""
    command: ClassVar[str]
    """The slash command that opens the game's lobby, e.g. "play level8"."""
    most_steps: ClassVar[int] = 2000
    """Moves by people after which `play_to_the_end` gives up: the game did not end."""

    env: simcord.Env
    db: Path
    thread: simcord.ChannelHandle
    players: dict[int, Player]
    sent: list[Sent[Card]] = field(default_factory=list)
    live: bool = False
    """Players keep the hand they opened, which the bot edits as the game moves (its live
    hand), and press "Show my hand" only when it was closed."""
    moves: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat, the move's kind, the interactions it took, opening the hand included) of every
    move people made, in order."""
    think: float = 0.0
    """Seconds each person waits before each move (past half their time, the bot reminds them)."""
    openings: Counter[int] = field(default_factory=Counter)
    """"Show my hand" presses per seat."""
    language: str = "en"
    """The server's language, in which the table labels its buttons."""
    _clicks: int = 0
    _cursor: int = 0

    @classmethod
    async def start(
        cls,
        env: simcord.Env,
        settings: Settings,
        members: list[simcord.MemberActor],
        channel: simcord.ChannelHandle,
        computers: int = 0,
        language: str = "en",
        **options: Any,
    ) -> Self:
        """The game opened by the first member (with the lobby's `options`), the others seated
        with `computers` computers, in a thread of its own, on a server speaking `language`;
        the lobby's messages filed."""
        host, *others = members
        place = await start_game(
            env, host, others, channel, computers, cls.command, language, **options
        )
        assert place is not channel, "the game plays in a thread of its own"
        players = {seat: Player(member, seat) for seat, member in enumerate(members)}
        driver = cls(env, settings.database_path, place, players, language=language)
        driver.collect(None)
        return driver

    # ---------------------------------------------------------------- reading

    def state(self) -> State:
        rows = query(self.db, "SELECT state FROM games ORDER BY id DESC LIMIT 1")
        return cast(State, self.engine.load_state(rows[0][0]))

    def table(self) -> Any:
        return table_message(self.thread)

    def collect(self, owner: int | None) -> list[Sent[Card]]:
        """Files the REST calls since the last collect (see `sent_since`); returns them."""
        found, self._cursor = sent_since(self.env, self._cursor, owner)
        new = [self.read(seen_by, payload) for seen_by, payload in found]
        self.sent += new
        return new

    def read(self, owner: int | None, payload: dict[str, Any]) -> Sent[Card]:
        texts = visible_texts(payload)
        return Sent(owner, texts, self.cards_shown(payload, texts), is_hand_message(payload))

    def cards_shown(self, payload: dict[str, Any], texts: list[str]) -> set[Card]:
        """The cards a reader finds in a sent message: by default those written in its texts."""
        return {item for text in texts for item in self.cards_in(text)}

    @abstractmethod
    def cards_in(self, text: str) -> set[Card]:
        """The cards written in a text, as the game writes them."""

    @abstractmethod
    def position(self) -> Hashable:
        """What changes when a hand opened before is no longer the one to play with."""

    # ---------------------------------------------------------------- acting

    async def press(self, player: Player, message: Any, label: str) -> simcord.InteractionResult:
        """Clicks the button of `message` labelled `label`, as a person reads it."""
        result = await player.member.click(message, label=label)
        self._clicks += 1
        self.collect(player.member.id)
        return result

    async def press_forged(
        self, player: Player, hand: Any, payload: str, seat: int | None = None, kind: str = "act"
    ) -> simcord.InteractionResult:
        """Clicks a control the bot never offered (see `forge_control`: a step's payload, or an
        action reference for `kind` "do"), then takes it off the stored hand again, unless the
        bot redrew the hand, so that the next forged control is the only extra one."""
        forged = forge_control(self.env, hand, payload, seat, kind)
        result = await player.member.click(hand, custom_id=forged)
        self._clicks += 1
        self.collect(player.member.id)
        stored = self.env.backend.get_message(hand.channel_id, hand.id)
        if forged in {component.get("custom_id") for component in walk(stored.components)}:
            stored.components.pop()
        return result

    async def click(self, player: Player, message: Any, payload: str) -> simcord.InteractionResult:
        """Clicks the enabled control of a hand with this payload."""
        custom_id = controls(message)[payload]["custom_id"]
        result = await player.member.click(message, custom_id=custom_id)
        self._clicks += 1
        self.collect(player.member.id)
        return result

    def offered(self, player: Player, message: Any) -> list[BaseModel]:
        """The actions a hand's enabled action controls carry, for the seat's legal actions now."""
        legal = self.engine.legal_actions(self.state(), player.seat)
        return [entry.action for entry in carried(message, legal)]

    async def do(
        self, player: Player, message: Any, action: BaseModel
    ) -> simcord.InteractionResult:
        """Clicks the button, or chooses the menu option, of a hand that carries `action`."""
        legal = self.engine.legal_actions(self.state(), player.seat)
        found = [entry for entry in carried(message, legal) if entry.action == action]
        assert found, (action, [entry.action for entry in carried(message, legal)])
        entry = found[0]
        custom_id = entry.component["custom_id"]
        if entry.value is None:
            result = await player.member.click(message, custom_id=custom_id)
        else:
            result = await player.member.select(message, [entry.value], custom_id=custom_id)
        self._clicks += 1
        self.collect(player.member.id)
        return result

    async def select(
        self, player: Player, message: Any, payload: str, values: list[str]
    ) -> simcord.InteractionResult:
        """Chooses `values`, which the hand's menu with this payload must offer."""
        offered = options(message, payload)
        assert set(values) <= set(offered), (values, offered)
        custom_id = controls(message)[payload]["custom_id"]
        result = await player.member.select(message, values, custom_id=custom_id)
        self._clicks += 1
        self.collect(player.member.id)
        return result

    async def open_hand(self, player: Player) -> simcord.ResponseMessage:
        result = await self.press(player, self.table(), Texts(self.language)("table.show_hand"))
        assert result.response is not None and result.response.ephemeral
        self.openings[player.seat] += 1
        player.hand = result.response
        player.opened_at = self.position()
        return result.response

    async def hand_of(self, player: Player) -> simcord.ResponseMessage:
        """The player's hand, opened afresh when the game moved since it was opened; when
        playing with live hands, the hand they kept, unless the bot closed it."""
        if self.live:
            if player.hand is None or not (player.hand.components or player.hand.embeds):
                return await self.open_hand(player)
            return player.hand
        if player.hand is None or player.opened_at != self.position():
            return await self.open_hand(player)
        return player.hand

    async def play_one(self) -> None:
        """One action of a person who must act (the first such seat), found among the controls
        of their hand, which must offer exactly the seat's legal moves (with live hands: the
        hand kept open, as the bot last edited it)."""
        if self.live or self.think:
            await self.env.advance_time(self.think or LIVE_SETTLE)
            self.collect(None)
            if game_status(self.db) != "running":
                return
        state = self.state()
        seat = next(s for s in self.engine.to_act(state) if s in self.players)
        player = self.players[seat]
        before = self._clicks
        hand = await self.hand_of(player)
        self.check_offered_moves(hand, state, seat)
        move = self.policy_move(seat)
        await self.perform(player, move)
        self.moves.append((seat, type(move).__name__, self._clicks - before))

    async def play_to_the_end(self) -> None:
        """People play until the game ends, each move made on the table as it stands once what
        the channel's budget held back is shown; the game ends on its final table, and what
        the bot sent after the last move (held back by the budget) is filed too."""
        for _ in range(self.most_steps):
            await drain(self.env)
            if game_status(self.db) != "running":
                self.collect(None)
                return
            await self.play_one()
        raise AssertionError("the game did not end")

    def clicks_with_hands_kept(self) -> list[tuple[int, str, int]]:
        """`moves`, once each player opened their hand a single time for the whole game (which
        this checks): their first move less that opening."""
        assert self.openings == dict.fromkeys(self.players, 1), self.openings
        seen: set[int] = set()
        kept: list[tuple[int, str, int]] = []
        for seat, kind, clicks in self.moves:
            kept.append((seat, kind, clicks - (seat not in seen)))
            seen.add(seat)
        return kept

    @abstractmethod
    def policy_move(self, seat: int) -> Any:
        """The move the engine's heuristic chooses for the seat, reproducibly."""

    @abstractmethod
    async def perform(self, player: Player, move: Any) -> None:
        """Makes `move` with the controls of the player's open hand."""

    @abstractmethod
    def check_offered_moves(self, hand: Any, state: State, seat: int) -> None:
        """The hand's controls offer exactly the seat's legal moves."""


@dataclass
class ReplayingDriver(TableDriver[State, Card]):
    """A driver that checks every message as it arrives: each card it shows was, at some moment
    while it was being sent (the actions since the previous check), public or in its viewer's
    own hand; and hand messages are only ever ephemeral answers to their own player."""

    _public: set[Card] = field(default_factory=set)
    _replayed: int = 0
    _replay: State | None = None

    def set_position(self, state: State) -> None:
        """Puts a position made by hand into the running game, and has the bot read it afresh
        (it keeps open games in memory, `bot/tables/unit_of_work.py`, and nothing else writes
        them behind its back); the leak check then replays from there."""
        running = "UPDATE games SET state = ? WHERE status = 'running' RETURNING id"
        for (game_id,) in query(self.db, running, (state.model_dump_json(),)):
            cast(CardTableBot, self.env.bot).tables.work.forget(game_id)
        self._replay = state
        self._replayed = len(logged_actions(self.db))
        self._public |= self.public_in(state, [])

    def collect(self, owner: int | None) -> list[Sent[Card]]:
        """Files what the bot sent since the last collect, checking it for hidden cards."""
        new = super().collect(owner)
        self.check_new_messages(new)
        return new

    def check_new_messages(self, new: list[Sent[Card]]) -> None:
        """Also: no colour is drawn without its letter (`tests/support/colour_marks.py`)."""
        members = {player.member.id: seat for seat, player in self.players.items()}
        held = self.replay_since_last_check()
        for sent in new:
            assert not unmarked_colours(sent.texts), (unmarked_colours(sent.texts), sent.texts)
            assert not sent.is_hand or sent.owner in members, sent.texts
            allowed = set(self._public)
            if sent.owner in members:
                allowed |= held[members[sent.owner]]
            hidden = sent.cards - allowed
            assert not hidden, (hidden, sent.owner, sent.texts)

    def replay_since_last_check(self) -> dict[int, set[Card]]:
        """Replays the game's log with the engine up to now, adding every card that became
        public (`public_in`) to `_public`; returns, per seat, the cards it held at any moment
        since the previous check."""
        if self._replay is None:
            row = query(self.db, "SELECT id, config, seed FROM games ORDER BY id DESC LIMIT 1")[0]
            seats = query(self.db, "SELECT COUNT(*) FROM seats WHERE game_id = ?", (row[0],))
            config = self.engine.config_model.model_validate_json(row[1])
            self._replay = cast(State, self.engine.new_game(config, seats[0][0], row[2])[0])
            self._public |= self.public_in(self._replay, [])
        held = dict(enumerate(self.hands(self._replay)))
        for seat, _, action in logged_actions(self.db)[self._replayed :]:
            state, events = self.engine.apply(self._replay, seat, self.engine.parse_action(action))
            self._replay = cast(State, state)
            self._public |= self.public_in(self._replay, events)
            for number, hand in enumerate(self.hands(self._replay)):
                held[number] |= hand
            self._replayed += 1
        return held

    @abstractmethod
    def public_in(self, state: State, events: list[Any]) -> set[Card]:
        """The cards anyone can see in `state`, and those `events` showed on the way there."""

    @abstractmethod
    def hands(self, state: State) -> list[set[Card]]:
        """Each seat's hand in `state`."""

    def hand_messages(self, player: Player) -> list[Sent[Card]]:
        """The hand messages the player was shown, oldest first."""
        return [sent for sent in self.sent if sent.owner == player.member.id and sent.is_hand]


@dataclass
class ActionDriver(TableDriver[BaseModel, str]):
    """Plays any game whose hand offers each legal action on a control of its own (the tests'
    tiny game): the game's default computer player chooses, and the person clicks the control
    that carries that action. A game with steps of its own in the UI (a card, then its pile)
    brings its own driver (`tests/bot/<area>/driver.py`). It reads no cards: what no view may
    show is the engine contract's to check."""

    @classmethod
    def of(cls, engine: Engine, key: str) -> type[ActionDriver]:
        """The driver class of the registered game `key`."""
        return cast(
            "type[ActionDriver]",
            type(f"ActionDriver[{key}]", (cls,), {"engine": engine, "command": f"play {key}"}),
        )

    def cards_in(self, text: str) -> set[str]:
        return set()

    def position(self) -> Hashable:
        return len(logged_actions(self.db))

    def policy_move(self, seat: int) -> Any:
        state = self.state()
        policy = self.engine.policy(self.engine.game_type.default_policy)
        legal = self.engine.legal_actions(state, seat)
        return policy.choose(self.engine.view(state, seat), legal, random.Random(self.position()))

    async def perform(self, player: Player, move: Any) -> None:
        assert player.hand is not None
        await self.do(player, player.hand, move)

    def check_offered_moves(self, hand: Any, state: BaseModel, seat: int) -> None:
        """Every action a control carries is legal, and the move to make is among them."""
        legal = self.engine.legal_actions(state, seat)
        offered = [entry.action for entry in carried(hand, legal)]
        assert offered and all(action in legal for action in offered), offered
