"""Plays The Game through SimCord the way people do: "Show my hand", a card, a pile, "End turn",
the hints menu. Moves are what the engine's heuristic would choose for the seat, so games end in
a reasonable number of clicks; but every click is found among the hand message's own controls,
and at each step the controls must offer exactly the engine's legal moves.

It also keeps every message the bot sent (REST log), tagged with who could see it, so a test can
check that no hand ever shows anywhere but in its own player's ephemeral messages.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot.settings import Settings
from cogs.the_game.words import BACKWARDS_MARK, pile_name
from games.the_game import ENGINE
from games.the_game.actions import EndTurn, GiveHint, PlaceCard, WithdrawHint
from games.the_game.cards import is_backwards
from games.the_game.state import TheGameState
from tests.bot.helpers import button_labels, query
from tests.support.messages import (
    components,
    enabled_buttons,
    sent_since,
    walk,
)

CARD_TOKEN = re.compile(r"`(\d+)`")
NUMBER = re.compile(r"\d+")
PAYLOAD_CARD = re.compile(r"^[cp](\d+)")
"""The card in a hand control's payload ("c57" picks 57, "p57.3" puts it on a pile); menu
values name piles only."""


def game_state(db: Path) -> TheGameState:
    rows = query(db, "SELECT state FROM games ORDER BY id DESC LIMIT 1")
    return ENGINE.load_state(rows[0][0])


def game_status(db: Path) -> str:
    return str(query(db, "SELECT status FROM games ORDER BY id DESC LIMIT 1")[0][0])


def talk_menu(message: Any) -> dict[str, Any] | None:
    return next((c for c in components(message) if c.get("type") == 3), None)


@dataclass
class Sent:
    """One message (or edit) the bot sent: `owner` is the only member who could see it, or
    None for everyone."""

    owner: int | None
    texts: list[str]
    numbers: set[int]


def _texts(payload: dict[str, Any]) -> tuple[list[str], set[int]]:
    """Visible text, and the numbers players could read: card tokens in text, every number in
    a game control's label or menu options, and the card in its payload (a client can read
    custom ids)."""
    texts: list[str] = []
    numbers: set[int] = set()
    if payload.get("content"):
        texts.append(payload["content"])
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        for item in embed.get("fields") or []:
            texts += [item.get("name", ""), item.get("value", "")]
    for text in texts:
        numbers |= {int(n) for n in CARD_TOKEN.findall(text)}
    for component in walk(payload.get("components") or []):
        custom_id = component.get("custom_id") or ""
        if not custom_id.startswith(("ct:act:", "ct:pick:")):
            continue
        labels = [component.get("label") or ""]
        labels += [option["label"] for option in component.get("options") or []]
        for label in labels:
            texts.append(label)
            numbers |= {int(n) for n in NUMBER.findall(label)}
        numbers |= {int(n) for n in PAYLOAD_CARD.findall(custom_id.split(":", 5)[5])}
    return texts, numbers


@dataclass
class Player:
    member: simcord.MemberActor
    seat: int
    hand: simcord.ResponseMessage | None = None
    opened_turn: int | None = None
    """The turn in which the player last pressed "Show my hand"."""


@dataclass
class Driver:
    env: simcord.Env
    db: Path
    thread: simcord.ChannelHandle
    players: dict[int, Player]
    sent: list[Sent] = field(default_factory=list)
    _cursor: int = 0
    _policies: dict[int, Any] = field(default_factory=dict)

    # ---------------------------------------------------------------- reading

    def state(self) -> TheGameState:
        return game_state(self.db)

    def table(self) -> Any:
        for message in reversed(self.thread.history()):
            if "Show my hand" in button_labels(message):
                return message
        raise AssertionError("no table message")

    def collect(self, owner: int | None) -> None:
        """Files the REST calls since the last collect (see `sent_since`)."""
        found, self._cursor = sent_since(self.env, self._cursor, owner)
        for seen_by, payload in found:
            self._file(seen_by, payload)

    def _file(self, owner: int | None, payload: dict[str, Any]) -> None:
        texts, numbers = _texts(payload)
        self.sent.append(Sent(owner, texts, numbers))

    def check_no_hand_leaks(self) -> None:
        """No card of a hand (as the hands are now) in anything but its player's own view,
        while each player's latest hand message does show their cards (so the check can see
        cards at all)."""
        state = self.state()
        for player in self.players.values():
            latest = [sent for sent in self.sent if sent.owner == player.member.id][-1]
            assert set(state.hands[player.seat]) <= latest.numbers
        owners = {seat: player.member.id for seat, player in self.players.items()}
        for sent in self.sent:
            for seat, cards in enumerate(state.hands):
                if sent.owner is not None and sent.owner == owners.get(seat):
                    continue
                leaked = sent.numbers & set(cards)
                assert not leaked, (seat, leaked, sent.owner, sent.texts)

    # ---------------------------------------------------------------- acting

    async def click(self, player: Player, message: Any, label: str) -> simcord.InteractionResult:
        result = await player.member.click(message, label=label)
        self.collect(player.member.id)
        return result

    async def open_hand(self, player: Player) -> simcord.ResponseMessage:
        result = await self.click(player, self.table(), "Show my hand")
        assert result.response is not None and result.response.ephemeral
        player.hand = result.response
        return result.response

    def policy_move(self, seat: int) -> Any:
        state = self.state()
        policy = self._policies.setdefault(seat, ENGINE.policy("heuristic"))
        legal = ENGINE.legal_actions(state, seat)
        return policy.choose(ENGINE.view(state, seat), legal, random.Random(len(state.placements)))

    async def play_one(self) -> None:
        """One action of the person whose turn it is (or, at the start, of the first person)."""
        state = self.state()
        seat = next(s for s in ENGINE.to_act(state) if s in self.players)
        player = self.players[seat]
        hand = player.hand
        if hand is None or player.opened_turn != state.turn:
            hand = await self.open_hand(player)
            player.opened_turn = state.turn
        self.check_offered_moves(hand, state, seat)
        move = self.policy_move(seat)
        if isinstance(move, PlaceCard):
            await self.place(player, move.card, move.pile)
        elif isinstance(move, EndTurn):
            await self.click(player, hand, "End turn")
        elif isinstance(move, GiveHint):
            await self.talk(player, f"{move.hint.value}:{move.pile}")
        elif isinstance(move, WithdrawHint):
            await self.talk(player, f"withdraw:{move.pile}")

    async def place(self, player: Player, card: int, pile: int) -> None:
        assert player.hand is not None
        state = self.state()
        await self.click(player, player.hand, str(card))
        offered = set(pile_choices(player.hand))
        legal = ENGINE.legal_actions(state, player.seat)
        assert offered == {
            pile_label(card, a.pile, state)
            for a in legal
            if isinstance(a, PlaceCard) and a.card == card
        }
        await self.click(player, player.hand, pile_label(card, pile, state))
        assert card not in self.state().hands[player.seat]

    async def talk(self, player: Player, value: str) -> None:
        assert player.hand is not None
        menu = talk_menu(player.hand)
        assert menu is not None
        assert value in [option["value"] for option in menu["options"]]
        await player.member.select(player.hand, [value])
        self.collect(player.member.id)

    def check_offered_moves(
        self, hand: simcord.ResponseMessage, state: TheGameState, seat: int
    ) -> None:
        """The enabled card buttons are the cards that fit somewhere; "End turn" shows exactly
        when the turn may end."""
        legal = ENGINE.legal_actions(state, seat)
        playable = {str(a.card) for a in legal if isinstance(a, PlaceCard)}
        buttons = enabled_buttons(hand)
        assert {label for label in buttons if label.isdigit()} == playable
        assert ("End turn" in buttons) == any(isinstance(a, EndTurn) for a in legal)

    async def play_to_the_end(self, max_steps: int = 2000) -> None:
        for _ in range(max_steps):
            if game_status(self.db) != "running":
                return
            await self.play_one()
        raise AssertionError("the game did not end")


def pile_label(card: int, pile: int, state: TheGameState) -> str:
    """The English label of the button that puts `card` on `pile` ("57 on ▼C ↩")."""
    mark = f" {BACKWARDS_MARK}" if is_backwards(card, pile, state.tops[pile]) else ""
    return f"{card} on {pile_name(pile)}{mark}"


def pile_choices(hand: Any) -> list[str]:
    """Labels of the pile buttons shown after choosing a card."""
    return [
        c["label"]
        for c in components(hand)
        if c.get("type") == 2 and str(c.get("custom_id", "")).split(":", 5)[-1].startswith("p")
    ]


async def start(
    env: simcord.Env,
    settings: Settings,
    members: list[simcord.MemberActor],
    channel: simcord.ChannelHandle,
    computers: int = 0,
    **options: bool,
) -> Driver:
    """`/play the-game` by the first member, the others join, computers added, start."""
    host = members[0]
    lobby = (await host.slash(channel, "play the-game", **options)).response
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
