"""The periods a leaderboard can cover. Weeks start on Monday and months on the 1st, at 00:00
UTC: a server spans time zones, and one fixed boundary keeps every member's view the same."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from enum import StrEnum


class Period(StrEnum):
    ALL_TIME = "all-time"
    MONTH = "month"
    WEEK = "week"


def period_start(period: Period, moment: datetime) -> float | None:
    """The timestamp from which games count (None: since the beginning)."""
    if period is Period.ALL_TIME:
        return None
    day = moment.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if period is Period.MONTH:
        return day.replace(day=1).timestamp()
    return (day - timedelta(days=day.weekday())).timestamp()
