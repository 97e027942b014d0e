"""Reading what the bot sent through SimCord, for any game's driver: the components of a
message, its embed fields, who could see each REST call, and forged controls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from copy import deepcopy
from dataclasses import dataclass
from typing import Any

import simcord
from pydantic import BaseModel

from bot.tables.carried import read_ref


def components(message: Any) -> Iterator[dict[str, Any]]:
    """Every button and select of a message, V1 rows or V2 layouts alike."""
    return walk(message.components)


def walk(items: list[Any]) -> Iterator[dict[str, Any]]:
    stack = list(items)
    while stack:
        item = stack.pop(0)
        if not isinstance(item, dict):
            item = item.to_dict()
        if "components" in item:
            stack[:0] = item["components"]
        else:
            yield item


def payload_of(component: dict[str, Any]) -> str | None:
    """The game's own part of a UI step control's custom id ("ct:act:…:c57" → "c57"), None for
    any other component (controls that carry an action have no payload: see `carried`)."""
    custom_id = str(component.get("custom_id") or "")
    if not custom_id.startswith(("ct:act:", "ct:pick:")):
        return None
    return custom_id.split(":", 5)[5]


HAND_CONTROL = ("ct:act:", "ct:pick:", "ct:do:", "ct:dos:")
"""Custom id prefixes of a hand's controls: steps of the UI, then those carrying an action."""


@dataclass(frozen=True)
class Carried:
    """An enabled control of a hand that carries `action`: a button, or a menu and the `value`
    of the option to choose."""

    action: BaseModel
    component: dict[str, Any]
    value: str | None


def carried(message: Any, legal: Sequence[BaseModel]) -> list[Carried]:
    """The actions a hand's enabled controls carry, read as the bot reads a click: against the
    seat's legal actions now (a control drawn for other legal actions carries nothing)."""
    found: list[Carried] = []
    for component in components(message):
        custom_id = str(component.get("custom_id") or "")
        if component.get("disabled"):
            continue
        if custom_id.startswith("ct:do:"):
            pairs: list[tuple[str, str | None]] = [(custom_id.split(":", 5)[5], None)]
        elif custom_id.startswith("ct:dos:"):
            pairs = [(option["value"], option["value"]) for option in component["options"]]
        else:
            continue
        for ref, value in pairs:
            action = read_ref(legal, ref)
            if action is not None:
                found.append(Carried(action, component, value))
    return found


def controls(message: Any) -> dict[str, dict[str, Any]]:
    """A hand's enabled controls by payload."""
    return {
        payload: c
        for c in components(message)
        if (payload := payload_of(c)) is not None and not c.get("disabled")
    }


def disabled_controls(message: Any) -> dict[str, dict[str, Any]]:
    """A hand's controls shown but locked, by payload."""
    return {
        payload: c
        for c in components(message)
        if (payload := payload_of(c)) is not None and c.get("disabled")
    }


def options(message: Any, payload: str) -> list[str]:
    """The values an enabled menu of a hand offers, in order."""
    return [option["value"] for option in controls(message)[payload]["options"]]


def enabled_buttons(message: Any) -> dict[str, dict[str, Any]]:
    return {
        c["label"]: c for c in components(message) if c.get("type") == 2 and not c.get("disabled")
    }


def fields(message: Any) -> dict[str, str]:
    """The fields of a message's embed, by name."""
    return {field.name: field.value for field in message.embeds[0].fields}


def sent_since(
    env: simcord.Env, cursor: int, owner: int | None
) -> tuple[list[tuple[int | None, dict[str, Any]]], int]:
    """The messages (and edits) the bot sent through REST since `cursor`, each with the only
    member who could see it (None for everyone), and the new cursor. Messages in a channel are
    public; interaction answers belong to the member of their interaction (found by its token,
    `owner` when SimCord no longer knows it), unless they are not ephemeral: a live hand is
    edited through its member's interaction while someone else clicks."""
    found: list[tuple[int | None, dict[str, Any]]] = []
    requests = env.http_requests
    for entry in requests[cursor:]:
        body = entry.json if isinstance(entry.json, dict) else None
        if body is None or entry.method not in ("POST", "PATCH"):
            continue
        path = entry.path
        if "/interactions/" in path:
            data = body.get("data") or {}
            if not any(key in data for key in ("content", "embeds", "components")):
                continue
            private = bool(int(data.get("flags") or 0) & 64)
            found.append((interaction_member(env, path, owner) if private else None, data))
        elif path.startswith("/webhooks/"):
            found.append((interaction_member(env, path, owner), body))
        elif "/messages" in path and path.startswith("/channels/"):
            found.append((None, body))
    return found, len(requests)


def interaction_member(env: simcord.Env, path: str, default: int | None) -> int | None:
    """The member of the interaction whose token is the third part of a REST path
    (`/webhooks/<app>/<token>/...`, `/interactions/<id>/<token>/callback`)."""
    parts = path.split("/")
    number = env.backend.interaction_tokens.get(parts[3]) if len(parts) > 3 else None
    return default if number is None else env.backend.interactions[number].user_id


def left_by_a_restart(env: simcord.Env, hand: Any) -> Callable[[], None]:
    """Keeps a hand's controls as they are now; the returned function puts them back once the
    bot has closed or redrawn that hand. A hand shown before a restart keeps its controls (live
    hands do not survive one): that is how a click on an out-of-date control reaches the bot."""
    components = deepcopy(env.backend.get_message(hand.channel_id, hand.id).components)

    def put_back() -> None:
        env.backend.get_message(hand.channel_id, hand.id).components = deepcopy(components)

    return put_back


def forge_control(
    env: simcord.Env,
    hand: simcord.ResponseMessage,
    payload: str,
    seat: int | None = None,
    kind: str = "act",
) -> str:
    """Adds a button the bot never offered to a stored hand message; returns its custom id.

    A Discord client can send any custom id (an outdated or modified client), and the bot must
    refuse it clearly. SimCord only clicks what a message shows, hence the forged button, built
    like the hand's own (same game, seat and version, or another `seat`) with another payload:
    a step's (`kind` "act") or an action reference (`kind` "do").
    """
    stored = env.backend.get_message(hand.channel_id, hand.id)
    model = next(
        c for c in walk(stored.components) if c.get("custom_id", "").startswith(HAND_CONTROL)
    )
    parts = ["ct", kind, *model["custom_id"].split(":", 5)[2:5]]
    if seat is not None:
        parts[3] = str(seat)
    custom_id = ":".join([*parts, payload])
    button = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
    stored.components.append({"type": 1, "components": [button]})
    return custom_id


def show_again(env: simcord.Env, message: Any, control: dict[str, Any]) -> str:
    """Puts a control the message showed before back on the stored message; returns its custom
    id. A double click is two clicks on the same control, the second before the client shows
    the answer to the first; SimCord runs one click at a time and clicks only what a message
    shows, so the second click needs the control back."""
    stored = env.backend.get_message(message.channel_id, message.id)
    stored.components.append({"type": 1, "components": [control]})
    return str(control["custom_id"])


def posts_in(env: simcord.Env, place: simcord.ChannelHandle) -> int:
    """Messages the bot posted in `place` so far (creates only: edits and deletes are not
    counted), to bound how often a game posts its table anew."""
    path = f"/channels/{place.id}/messages"
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path == path)
