"""Discord's limits on what a message may hold, checked on what the bot builds: a panel before
it is sent (`check_panel`, `hand_rows`) and every message it sent during a test
(`check_sent_messages`). SimCord accepts more than Discord does, so the tests count."""

from __future__ import annotations

from typing import Any

import simcord

from bot.tables.render import hand_view
from bot.tables.ui import GameUI, HandContext, Panel

BIG_ID = 2**62
"""A snowflake as long as Discord's, so custom ids are as long as in a real server."""


def check_panel(panel: Panel) -> None:
    assert panel.content is None or len(panel.content) <= 2000
    assert len(panel.embeds) <= 10
    for embed in panel.embeds:
        assert len(embed.title or "") <= 256
        assert len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        for field in embed.fields:
            assert 0 < len(field.name or "") <= 256
            assert 0 < len(field.value or "") <= 1024, field.value
        assert len(embed) <= 6000


def check_components(rows: list[dict[str, Any]]) -> list[list[str]]:
    """Rows of components as sent: their sizes; the rows of labels (or placeholders)."""
    assert len(rows) <= 5
    labels: list[list[str]] = []
    for row in rows:
        assert len(row["components"]) <= 5
        found = []
        for item in row["components"]:
            assert len(item.get("custom_id") or "") <= 100
            assert len(item.get("label") or "") <= 80
            assert len(item.get("options") or []) <= 25
            for option in item.get("options") or []:
                assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                assert len(option.get("description") or "") <= 100
            found.append(item.get("label") or item.get("placeholder") or "")
        labels.append(found)
    return labels


def hand_rows(ui: GameUI[Any], ctx: HandContext[Any]) -> list[list[str]]:
    """A seat's hand as Discord would get it, checked against its limits: its rows of control
    labels (or placeholders)."""
    panel = ui.render_hand(ctx)
    check_panel(panel)
    view = hand_view(BIG_ID, ctx.seat, BIG_ID, panel, ctx.legal)
    return [] if view is None else check_components(view.to_components())


def check_sent_messages(env: simcord.Env) -> int:
    """Every message the bot created or edited (channel messages, interaction answers and their
    edits) within Discord's limits; how many were checked."""
    checked = 0
    for request in env.http_requests:
        payload = request.json if isinstance(request.json, dict) else None
        if request.method not in ("POST", "PATCH") or payload is None:
            continue
        data = payload.get("data") if isinstance(payload.get("data"), dict) else payload
        if not any(key in data for key in ("content", "embeds", "components")):
            continue
        assert len(data.get("content") or "") <= 2000, request.path
        embeds = data.get("embeds") or []
        assert len(embeds) <= 10
        for embed in embeds:
            assert len(embed.get("title") or "") <= 256
            assert len(embed.get("description") or "") <= 4096
            fields = embed.get("fields") or []
            assert len(fields) <= 25
            for field in fields:
                assert 0 < len(field.get("name") or "") <= 256
                assert 0 < len(field.get("value") or "") <= 1024
            total = len(embed.get("title") or "") + len(embed.get("description") or "")
            total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
            total += len((embed.get("footer") or {}).get("text") or "")
            assert total <= 6000
        check_components(data.get("components") or [])
        checked += 1
    return checked
