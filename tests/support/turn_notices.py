"""Whether every turn of a person reaches them: a check over whole games, whatever the game.

A person learns that their turn began from a ping (a message in the game's place that mentions
them, posted with user mentions allowed) or from their live hand, edited by the bot to say "Your
turn: time runs out …" with the new turn's deadline. Every turn must ping its person (the
channel's rate limit may hold the ping back a few seconds) and reach them within a second: by
the ping, the live hand, or, when their own move brought the turn straight back, the answer to
that click. `TurnNotices` timestamps every REST call the bot makes on SimCord's clock (SimCord's
log has no times); `missed_turns` replays the game's action log with the engine and lists the
turns of people that were not told so.

A turn of a seat begins when the seat must act and did not have to before, or when its own turn
ended (`Engine.ends_turn`) and it must act again: a Skip that brings the turn straight back in
Level 8, a player alone with cards in The Game, the next colour's secret choice in Heaven &
Hell.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from bot import clock
from bot.i18n import Texts
from bot.tables.outbox import WINDOW
from games.core.base import Engine
from tests.bot.helpers import query
from tests.support.messages import interaction_member

PROMPT = 1.0
"""Seconds of SimCord's clock within which a turn must reach its person."""

PING_WITHIN = 2 * WINDOW
"""Seconds within which a turn pings its person: the channel's budget may hold the table's post
back for about a window, while the live hand (or the click's answer) already says it."""

DEFERRED = (5, 6)
"""Interaction callbacks answered later by editing the original response: that first edit is
the answer to the click, and only later edits through the same token are live-hand edits."""


class _TimedLog(list[Any]):
    """SimCord's REST log, each entry's moment kept beside it."""

    def __init__(self, entries: list[Any]) -> None:
        super().__init__(entries)
        self.moments: list[float | None] = [None] * len(entries)

    def append(self, entry: Any) -> None:
        super().append(entry)
        self.moments.append(clock.now())


@dataclass(frozen=True)
class Turn:
    """A turn of a person: its seat, member, start (the moment of the action that began it, or
    of the start of the game) and deadline."""

    seat: int
    user_id: int
    start: float
    deadline: int
    again: bool
    """The seat's own turn had just ended: the turn came straight back to it."""


class TurnNotices:
    """Timestamps the bot's REST calls from now on (install it before the game starts)."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.log = _TimedLog(env.backend.http_requests)
        env.backend.http_requests = self.log

    def notices(self, user_id: int, tr: Texts, deadline: int) -> list[tuple[float, str]]:
        """When and how `user_id` was told of a turn ending at `deadline` (their hand in the
        language of `tr`): "ping" (a message mentioning them, user mentions allowed), "live" (the
        bot edited their live hand to say it) or "answer" (the answer to their own click said
        it: they are looking at the hand right then, but nothing reached out to them)."""
        your_turn = tr("table.your_turn", deadline=f"<t:{deadline}:R>")
        found: list[tuple[float, str]] = []
        deferred: set[str] = set()
        for entry, moment in zip(self.log, self.log.moments, strict=True):
            body = entry.json if isinstance(entry.json, dict) else None
            if moment is None or body is None:
                continue
            token = entry.path.split("/")[3] if entry.path.count("/") > 3 else ""
            if entry.method == "POST" and entry.path.startswith("/interactions/"):
                if body.get("type") in DEFERRED:
                    deferred.add(token)
                mine = interaction_member(self.env, entry.path, None) == user_id
                if mine and your_turn in ((body.get("data") or {}).get("content") or ""):
                    found.append((moment, "answer"))
            elif entry.method == "PATCH" and entry.path.startswith("/webhooks/"):
                mine = interaction_member(self.env, entry.path, None) == user_id
                kind = "answer" if token in deferred else "live"
                deferred.discard(token)
                if mine and your_turn in (body.get("content") or ""):
                    found.append((moment, kind))
            elif entry.method == "POST" and entry.path.startswith("/channels/"):
                allowed = body.get("allowed_mentions") or {}
                pinged = "users" in (allowed.get("parse") or []) or str(user_id) in [
                    str(user) for user in allowed.get("users") or []
                ]
                if pinged and f"<@{user_id}>" in (body.get("content") or ""):
                    found.append((moment, "ping"))
        return found

    def missed_turns(
        self, engine: Engine, db: Path, hand_tr: Texts
    ) -> tuple[list[Turn], list[Turn]]:
        """The turns of people in the newest game that did not reach them as every turn must,
        and all the turns of people the game had. A turn must reach its person within
        `PROMPT` seconds (a ping, a live-hand edit, or the answer to their own click when their
        own move began it), and ping them within `PING_WITHIN` seconds (the channel's rate
        limit may hold the ping back a little), so that a turn that comes back to the player
        who just moved pings them as any new turn does."""
        turns = person_turns(engine, db)
        missed = []
        for turn in turns:
            told = [
                (moment - turn.start, kind)
                for moment, kind in self.notices(turn.user_id, hand_tr, turn.deadline)
                if moment >= turn.start
            ]
            prompt = any(after <= PROMPT for after, _ in told)
            pinged = any(after <= PING_WITHIN for after, kind in told if kind == "ping")
            if not (prompt and pinged):
                missed.append(turn)
        return missed, turns


def person_turns(engine: Engine, db: Path) -> list[Turn]:
    """Every turn of a person in the newest game, replayed from its log."""
    game_id, config, seed, started, turn_seconds = query(
        db, "SELECT id, config, seed, started_at, turn_seconds FROM games ORDER BY id DESC LIMIT 1"
    )[0]
    users = dict(query(db, "SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)))
    config_model = engine.config_model.model_validate_json(config)
    state = engine.new_game(config_model, len(users), seed)[0]
    logged = "SELECT seat, action, created_at FROM actions WHERE game_id = ? ORDER BY seq"
    log = query(db, logged, (game_id,))
    turns: list[Turn] = []

    def begin(seats: list[int], moment: float, before: list[int]) -> None:
        turns.extend(
            Turn(seat, users[seat], moment, int(moment + turn_seconds), seat in before)
            for seat in seats
            if users[seat] is not None
        )

    begin(engine.to_act(state), started, [])
    for seat, action, moment in log:
        before = engine.to_act(state)
        state, events = engine.apply(state, seat, engine.parse_action(json.loads(action)))
        again = seat if engine.ends_turn(events) else None
        begin([s for s in engine.to_act(state) if s not in before or s == again], moment, before)
    return turns
