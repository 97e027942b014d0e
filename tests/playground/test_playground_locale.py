"""Each member's Discord client language in `make play`: a member switched to French gets their
hand and their slash command names in French while the others stay English and the public table
keeps the server's language; the choice outlives a restart of the playground."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.playground.page import labels, open_the_game, show_hand, start, texts


def locales(state: dict[str, Any]) -> dict[str, str]:
    return {member["name"]: member["locale"] for member in state["members"]}


EN, FR = "en-US", "fr"


def hand(state: dict[str, Any]) -> dict[str, Any]:
    (only,) = [m for m in state["messages"] if m["ephemeral"]]
    return only


def command_labels(state: dict[str, Any]) -> list[list[str]]:
    return [command["label"] for command in state["commands"]]


def test_a_member_switched_to_french_gets_a_french_hand_even_after_a_restart(
    tmp_path: Path,
) -> None:
    database = tmp_path / "data" / "playground.sqlite3"
    playground = start(database)
    try:
        first = playground.state()
        assert locales(first) == {"Alice": EN, "Bob": EN, "Chloé": FR, "Dmitri": EN}
        assert [language["name"] for language in first["languages"]] == ["English", "Français"]
        game = open_the_game(playground)
        refused = playground.post("/api/locale", {"member": game.bob, "locale": "de"})
        assert refused["ok"] is False and "'de'" in refused["error"]
        answer = playground.post("/api/locale", {"member": game.bob, "locale": "fr"})
        assert answer == {"ok": True}

        for member in (game.alice, game.bob):
            show_hand(playground, member, game.thread)
        assert "🃏 Your hand" in texts(hand(playground.state(game.alice, game.thread)))
        bob_sees = playground.state(game.bob, game.thread)
        assert "🃏 Ta main" in texts(hand(bob_sees))
        assert any("Show my hand" in labels(m) for m in bob_sees["messages"] if not m["ephemeral"])
        assert ["jouer", "the-game"] in command_labels(playground.state(game.bob, game.games))
        assert ["play", "the-game"] in command_labels(playground.state(game.alice, game.games))
        assert playground.stop() == 0

        playground = start(database)
        again = playground.state()
        assert locales(again) == {"Alice": EN, "Bob": FR, "Chloé": FR, "Dmitri": EN}
        assert ["jouer", "the-game"] in command_labels(playground.state(game.bob, game.games))
        show_hand(playground, game.bob, game.thread)
        assert "🃏 Ta main" in texts(hand(playground.state(game.bob, game.thread)))
        answer = playground.post("/api/locale", {"member": game.bob, "locale": "en-US"})
        assert answer == {"ok": True}
        show_hand(playground, game.bob, game.thread)
        newest = [m for m in playground.state(game.bob, game.thread)["messages"] if m["ephemeral"]]
        assert "🃏 Your hand" in texts(newest[-1])
        assert playground.state()["botErrorCount"] == 0
    finally:
        if playground.process.poll() is None:
            playground.stop()
