"""Runs `python -m playground` (without a token) on a free port and talks to it over HTTP the
way the page does: read the state of a member in a place, post commands, clicks, choices,
messages and reactions."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = re.compile(r"open (http://127\.0\.0\.1:\d+)/")
START_SECONDS = 60


@dataclass
class Playground:
    process: subprocess.Popen[str]
    address: str

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.address + path, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def state(self, member: str | None = None, place: str | None = None) -> dict[str, Any]:
        query = "&".join(
            f"{key}={value}" for key, value in (("member", member), ("place", place)) if value
        )
        status, body = self.get(f"/api/state?{query}")
        assert status == 200, body
        result: dict[str, Any] = json.loads(body)
        return result

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.address + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                answer: dict[str, Any] = json.loads(response.read())
        except urllib.error.HTTPError as error:
            answer = json.loads(error.read())
        return answer

    def status(self, path: str, *, method: str = "GET", body: bytes | None = None,
               headers: dict[str, str] | None = None) -> int:
        """The HTTP status of a request made with other headers than the page's."""
        request = urllib.request.Request(
            self.address + path, data=body, headers=headers or {}, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code

    def stop(self) -> int:
        """Ctrl-C, as a person stops `make play`."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)


def start(database: Path, *, port: int = 0, computer_delay: float = 0) -> Playground:
    process = subprocess.Popen(
        [sys.executable, "-m", "playground", "--port", str(port), "--database", str(database),
         "--computer-delay", str(computer_delay)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={
            name: value
            for name, value in os.environ.items()
            if name not in ("DISCORD_TOKEN", "PLAYGROUND_PORT")
        },
    )
    assert process.stdout is not None
    seen: list[str] = []
    for line in process.stdout:
        seen.append(line)
        found = ADDRESS.search(line)
        if found:
            return Playground(process, found.group(1))
    process.wait(timeout=START_SECONDS)
    raise AssertionError("the playground did not print its address:\n" + "".join(seen))


def components(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for row in message["components"]:
        yield from row.get("components", [row])


def labels(message: dict[str, Any]) -> list[str]:
    return [c.get("label", "") for c in components(message) if c["type"] == 2]


def button(message: dict[str, Any], label: str) -> str:
    """The custom id of the enabled button showing `label`."""
    for component in components(message):
        if component["type"] == 2 and component.get("label") == label:
            assert not component.get("disabled"), f"{label} is disabled"
            return str(component["custom_id"])
    raise AssertionError(f"no button {label!r} in {labels(message)}")


def texts(message: dict[str, Any]) -> str:
    """Everything a person reads in a message: content, embed titles, descriptions, fields."""
    parts = [message["content"]]
    for embed in message["embeds"]:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f['name']}: {f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


@dataclass
class Table:
    """A running game of The Game opened from the page: who, where, and the table message."""

    alice: str
    bob: str
    games: str
    thread: str


def open_the_game(playground: Playground, *, computer: bool = False) -> Table:
    """Alice opens The Game, Bob joins (or, with `computer`, Alice adds a computer), Alice
    starts; returns where it is played."""
    first = playground.state()
    alice, bob = (m["id"] for m in first["members"][:2])
    games = first["places"][0]["id"]
    answer = playground.post(
        "/api/command",
        {"member": alice, "place": games, "path": ["play", "the-game"], "options": {}},
    )
    assert answer == {"ok": True}, answer
    joining = (alice, "Add computer") if computer else (bob, "Join")
    for member, label in (joining, (alice, "Start")):
        lobby = playground.state(member, games)["messages"][-1]
        answer = playground.post(
            "/api/click",
            {"member": member, "place": games, "message": lobby["id"],
             "customId": button(lobby, label)},
        )
        assert answer == {"ok": True}, answer
    thread = playground.state(alice, games)["places"][-1]["id"]
    return Table(alice, bob, games, thread)


def show_hand(playground: Playground, member: str, place: str) -> None:
    """The member presses "Show my hand" on the newest table message."""
    table = [m for m in playground.state(member, place)["messages"] if "Show my hand" in labels(m)]
    answer = playground.post(
        "/api/click",
        {"member": member, "place": place, "message": table[-1]["id"],
         "customId": button(table[-1], "Show my hand")},
    )
    assert answer == {"ok": True}, answer


CARD = re.compile(r"`(\d+)`|<:tg_(\d+)_[0-9a-f]+:\d+>")
"""A card of The Game in a message: its text face (`57`) or its face's emoji (<:tg_57_…:id>),
which the bot shows once its faces are uploaded, a moment after the playground starts."""


def hand_cards(hand: dict[str, Any]) -> list[str]:
    """The cards the hand's embed lists, whether or not it is this seat's turn."""
    return [text or face for text, face in CARD.findall(hand["embeds"][0]["description"])]


def shows_card(text: str, card: str) -> bool:
    return any(card in found for found in CARD.findall(text))


def card_button(message: dict[str, Any], card: str) -> str:
    """The custom id of the enabled button of a card: its number, or its face."""
    for component in components(message):
        emoji = component.get("emoji") or {}
        named = str(emoji.get("name", "")).startswith(f"tg_{card}_")
        if component["type"] == 2 and (component.get("label") == card or named):
            assert not component.get("disabled"), f"{card} is disabled"
            return str(component["custom_id"])
    raise AssertionError(f"no button of the card {card}")


def pile_button(message: dict[str, Any], card: str) -> str:
    """The custom id of the first pile offered for the chosen card: "57 on ▲A", or "→ ▲A" under
    the card's face."""
    return next(
        str(c["custom_id"])
        for c in components(message)
        if c["type"] == 2 and str(c.get("label", "")).startswith((f"{card} on ", "→ "))
    )


def play_two_cards(
    playground: Playground, member: str, place: str, hand: dict[str, Any]
) -> list[str]:
    """The member plays the first two cards of `hand` (each on the first pile offered) and
    ends the turn, from their hand message; returns the cards played."""
    cards = hand_cards(hand)[:2]
    for card in cards:
        for pile in (False, True):
            control = pile_button(hand, card) if pile else card_button(hand, card)
            answer = playground.post(
                "/api/click",
                {"member": member, "place": place, "message": hand["id"], "customId": control},
            )
            assert answer == {"ok": True}, answer
            hand = [m for m in playground.state(member, place)["messages"] if m["ephemeral"]][-1]
    answer = playground.post(
        "/api/click",
        {"member": member, "place": place, "message": hand["id"],
         "customId": button(hand, "End turn")},
    )
    assert answer == {"ok": True}, answer
    return cards
