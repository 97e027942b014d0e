"""`make play` over HTTP, as the page drives it: a member opens The Game with /play, another joins,
the game starts in its thread, each opens their own hand (seen by them only), a turn is played,
a number said in the thread (or shown as a reaction) is removed, the playground is stopped and
started again with the game still there, and the host cancels it."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.playground.page import (
    Playground,
    button,
    hand_cards,
    labels,
    open_the_game,
    play_two_cards,
    show_hand,
    shows_card,
    start,
    texts,
)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "data" / "playground.sqlite3"


@pytest.fixture
def playground(database: Path) -> Iterator[Playground]:
    running = start(database)
    yield running
    if running.process.poll() is None:
        running.stop()


def ephemerals(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in state["messages"] if m["ephemeral"]]


def table(state: dict[str, Any]) -> dict[str, Any]:
    return [m for m in state["messages"] if "Show my hand" in labels(m)][-1]


def test_the_page_and_its_script_are_served_on_loopback_only(playground: Playground) -> None:
    status, page = playground.get("/")
    assert status == 200
    assert "Card table playground" in page
    assert playground.get("/app.js")[0] == 200
    assert playground.address.startswith("http://127.0.0.1:")


def test_requests_from_elsewhere_are_refused(playground: Playground) -> None:
    """Another name for 127.0.0.1 (DNS rebinding) or another site open in the browser cannot
    read or play."""
    first = playground.state()
    alice, games = first["members"][0]["id"], first["places"][0]["id"]
    port = playground.address.rsplit(":", 1)[1]
    assert playground.status("/api/state", headers={"Host": f"evil.example:{port}"}) == 403
    command = json.dumps(
        {"member": alice, "place": games, "path": ["play", "the-game"], "options": {}}
    ).encode()
    json_type = {"Content-Type": "application/json"}
    elsewhere = {**json_type, "Origin": "http://evil.example"}
    assert playground.status("/api/command", method="POST", body=command, headers=elsewhere) == 403
    as_text = {"Content-Type": "text/plain"}
    assert playground.status("/api/command", method="POST", body=command, headers=as_text) == 415
    assert playground.state(alice, games)["messages"] == []
    own = {**json_type, "Origin": playground.address}
    assert playground.status("/api/command", method="POST", body=command, headers=own) == 200
    assert len(playground.state(alice, games)["messages"]) == 1


def test_malformed_requests_are_refused_before_reaching_the_bot(playground: Playground) -> None:
    first = playground.state()
    alice, games = first["members"][0]["id"], first["places"][0]["id"]
    headers = {"Content-Type": "application/json", "Origin": playground.address}
    malformed = [
        b"{not json",
        b"[1, 2]",
        json.dumps({"member": "Alice", "place": games, "path": ["play", "the-game"]}).encode(),
        json.dumps({"member": alice, "place": games, "path": "play the-game"}).encode(),
        json.dumps({"member": alice, "place": games, "path": ["play"], "options": [1]}).encode(),
    ]
    for body in malformed:
        assert playground.status("/api/command", method="POST", body=body, headers=headers) == 400
    select = {"member": alice, "place": games, "message": 1, "customId": "x", "values": "3"}
    body = json.dumps(select).encode()
    assert playground.status("/api/select", method="POST", body=body, headers=headers) == 400
    assert playground.state(alice, games)["messages"] == []


def test_a_short_game_of_the_game_played_from_the_page(
    playground: Playground, database: Path
) -> None:
    first = playground.state()
    alice, bob = (m["id"] for m in first["members"][:2])
    assert [m["name"] for m in first["members"]] == ["Alice", "Bob", "Chloé", "Dmitri"]
    games = first["places"][0]["id"]
    assert [p["name"] for p in first["places"]] == ["games"]
    offered = [c["path"] for c in first["commands"] if c["path"][0] == "play"]
    assert ["play", "the-game"] in offered
    assert ["play", "level8"] in offered

    answer = playground.post(
        "/api/command",
        {"member": alice, "place": games, "path": ["play", "the-game"], "options": {}},
    )
    assert answer == {"ok": True}
    lobby = playground.state(bob, games)["messages"][-1]
    assert "The Game" in texts(lobby) and "Join" in labels(lobby)

    for member, label in ((bob, "Join"), (alice, "Start")):
        answer = playground.post(
            "/api/click",
            {"member": member, "place": games, "message": lobby["id"],
             "customId": button(lobby, label)},
        )
        assert answer == {"ok": True}, answer
        lobby = playground.state(member, games)["messages"][-1]

    places = playground.state(alice, games)["places"]
    assert [p["name"] for p in places] == ["games", "The Game #1"]
    thread = places[1]["id"]
    shown = table(playground.state(alice, thread))
    assert "Anyone may open: place the first card" in shown["content"]

    for member in (alice, bob):
        answer = playground.post(
            "/api/click",
            {"member": member, "place": thread, "message": shown["id"],
             "customId": button(shown, "Show my hand")},
        )
        assert answer == {"ok": True}, answer
    alice_hand = ephemerals(playground.state(alice, thread))
    bob_hand = ephemerals(playground.state(bob, thread))
    assert len(alice_hand) == len(bob_hand) == 1
    assert alice_hand[0]["id"] != bob_hand[0]["id"]
    assert "Your hand" in texts(alice_hand[0])
    cards = hand_cards(alice_hand[0])
    assert len(cards) == 7

    assert play_two_cards(playground, alice, thread, alice_hand[0]) == cards[:2]
    now = playground.state(bob, thread)
    assert shows_card(texts(table(now)), cards[0]) or shows_card(texts(table(now)), cards[1])
    assert "Bob" in table(now)["content"] or f"<@{bob}>" in table(now)["content"]

    answer = playground.post(
        "/api/message", {"member": bob, "place": thread, "text": "j'ai le 37"}
    )
    assert answer == {"ok": True}
    seen = [m["content"] for m in playground.state(alice, thread)["messages"]]
    assert "j'ai le 37" not in seen
    assert any(text.startswith(f"🤐 <@{bob}>") for text in seen)

    shown = table(playground.state(bob, thread))
    for emoji in ("👍", "🔟"):
        answer = playground.post(
            "/api/react", {"member": bob, "place": thread, "message": shown["id"], "emoji": emoji}
        )
        assert answer == {"ok": True}, answer
    reactions = table(playground.state(alice, thread))["reactions"]
    assert reactions == [{"emoji": "👍", "count": 1}]

    assert playground.stop() == 0
    again = start(database)
    try:
        after = again.state(alice, thread)
        assert [p["name"] for p in after["places"]] == ["games", "The Game #1"]
        assert ephemerals(after) == []
        shown = table(after)
        answer = again.post(
            "/api/click",
            {"member": alice, "place": thread, "message": shown["id"],
             "customId": button(shown, "Show my hand")},
        )
        assert answer == {"ok": True}, answer
        kept = hand_cards(ephemerals(again.state(alice, thread))[0])
        assert set(cards[2:]) <= set(kept) and not set(cards[:2]) & set(kept)

        answer = again.post(
            "/api/command",
            {"member": alice, "place": thread, "path": ["game", "cancel"], "options": {}},
        )
        assert answer == {"ok": True}, answer
        question = ephemerals(again.state(alice, thread))[-1]
        answer = again.post(
            "/api/click",
            {"member": alice, "place": thread, "message": question["id"],
             "customId": button(question, "Cancel the game")},
        )
        assert answer == {"ok": True}, answer
        final = again.state(bob, thread)
        assert final["messages"][-1]["content"] == "❌ This game was cancelled."
        assert "Show my hand" not in labels(final["messages"][-1])
        assert final["botErrorCount"] == 0
    finally:
        again.stop()


def test_what_a_member_cannot_do_is_refused_with_a_reason(playground: Playground) -> None:
    first = playground.state()
    alice = first["members"][0]["id"]
    games = first["places"][0]["id"]
    answer = playground.post(
        "/api/command",
        {"member": alice, "place": games, "path": ["play", "nothing"], "options": {}},
    )
    assert answer["ok"] is False and "/play nothing" in answer["error"]
    answer = playground.post(
        "/api/click",
        {"member": alice, "place": games, "message": "1", "customId": "ct:hand:1"},
    )
    assert answer["ok"] is False and "cannot see" in answer["error"]


def test_every_game_play_offers_starts_against_computers_with_a_hand(
    playground: Playground,
) -> None:
    """Whatever /play offers: open it, add computers until Start works, open the hand. A game
    whose Discord table is not there yet answers so, privately, and opens nothing."""
    first = playground.state()
    alice, bob = (m["id"] for m in first["members"][:2])
    games = first["places"][0]["id"]
    started = []
    for command in (c for c in first["commands"] if c["path"][0] == "play"):
        before = len(playground.state(alice, games)["places"])
        answer = playground.post(
            "/api/command",
            {"member": alice, "place": games, "path": command["path"], "options": {}},
        )
        assert answer == {"ok": True}, answer
        lobby = playground.state(alice, games)["messages"][-1]
        if "Start" not in labels(lobby):
            assert lobby["ephemeral"] and "coming soon" in texts(lobby)
            continue
        for _ in range(6):
            for label in ("Start", "Add computer"):
                playground.post(
                    "/api/click",
                    {"member": alice, "place": games, "message": lobby["id"],
                     "customId": button(lobby, label)},
                )
                if len(playground.state(alice, games)["places"]) > before:
                    break
            else:
                continue
            break
        thread = playground.state(alice, games)["places"][-1]["id"]
        show_hand(playground, alice, thread)
        hand = ephemerals(playground.state(alice, thread))
        assert len(hand) == 1 and hand[0]["embeds"], hand
        assert ephemerals(playground.state(bob, thread)) == []
        started.append(command["path"][1])
    assert {"the-game", "level8"} <= set(started)
    assert playground.state()["botErrorCount"] == 0


def test_a_computer_moves_after_its_pause_on_the_simulated_clock(tmp_path: Path) -> None:
    """The bot's timed wait is declared to SimCord (`playground.waits`), so only the playground's
    ticker wakes it: with a one-second pause before computer moves, the computer still plays its
    turn and hands it back, without anybody clicking."""
    playground = start(tmp_path / "paused.sqlite3", computer_delay=1)
    try:
        game = open_the_game(playground, computer=True)
        alice, thread = game.alice, game.thread
        show_hand(playground, alice, thread)
        play_two_cards(playground, alice, thread, ephemerals(playground.state(alice, thread))[-1])
        assert f"<@{alice}>" not in table(playground.state(alice, thread))["content"]
        deadline = time.monotonic() + 60
        while f"<@{alice}>" not in table(playground.state(alice, thread))["content"]:
            assert time.monotonic() < deadline, "the computer never played after its pause"
            time.sleep(0.25)
        assert playground.state()["botErrorCount"] == 0
    finally:
        playground.stop()


def test_the_page_gets_each_card_face_the_bot_shows_from_the_bots_own_drawings(
    playground: Playground,
) -> None:
    """SimCord keeps an emoji's name, not its image: the playground serves the face drawn by the
    bot's code under the emoji's name, and nothing else."""
    board = open_the_game(playground)
    deadline = time.monotonic() + 30
    names: list[str] = []
    while not names and time.monotonic() < deadline:
        shown = texts(table(playground.state(board.alice, board.thread)))
        names = re.findall(r"<:(tg_\w+?):\d+>", shown)
        time.sleep(0.2)
    assert names, "the table never showed a face"
    for name in names:
        with urllib.request.urlopen(f"{playground.address}/faces/{name}.png", timeout=30) as got:
            assert got.headers["Content-Type"] == "image/png"
            assert got.read()[:8] == b"\x89PNG\r\n\x1a\n"
    assert playground.status("/faces/tg_57_0000000.png") == 404
    assert playground.status("/faces/../app.js") == 404
