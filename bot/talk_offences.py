"""The talk-rule offences log (The Game forbids telling numbers): one row per offending message.

The table-talk cog records what it removed or warned about here, so moderators and the cog's own
escalation can count a member's offences per server.
"""

from __future__ import annotations

from bot.clock import now
from bot.db import Database


async def record_offence(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    game_id: int | None,
    user_id: int,
    message_id: int | None,
    kind: str,
) -> None:
    """`kind` says what happened, e.g. "message", "edit" or "reaction"."""
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO talk_offences (guild_id, channel_id, game_id, user_id, message_id, kind, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, game_id, user_id, message_id, kind, now()),
        )


async def offence_count(db: Database, guild_id: int, user_id: int) -> int:
    row = await db.fetchone(
        "SELECT COUNT(*) FROM talk_offences WHERE guild_id = ? AND user_id = ?",
        (guild_id, user_id),
    )
    return int(row[0]) if row is not None else 0


async def game_offence_counts(db: Database, game_id: int) -> dict[int, int]:
    """Offences recorded during one game, per member (members without any are absent)."""
    rows = await db.fetchall(
        "SELECT user_id, COUNT(*) FROM talk_offences WHERE game_id = ? GROUP BY user_id",
        (game_id,),
    )
    return {int(user_id): int(total) for user_id, total in rows}
