"""What the standings read from the database, the minimum-games setting, and forget-me."""

from __future__ import annotations

import json

from bot.db import Database
from bot.stats.model import FinishedGame, SeatOutcome
from bot.stats.standings import DEFAULT_MIN_GAMES


async def finished_games(
    db: Database, guild_id: int, game_key: str, since: float | None = None
) -> list[FinishedGame]:
    """The server's finished games of one kind (ended at or after `since`), oldest first."""
    rows = await db.fetchall(
        "SELECT g.id, g.ended_at, g.options, r.seat, r.user_id, r.is_computer, r.rank, r.score, "
        "r.won FROM games g JOIN results r ON r.game_id = g.id "
        "WHERE g.guild_id = ? AND g.game_key = ? AND g.status = 'finished' AND g.ended_at >= ? "
        "ORDER BY g.ended_at, g.id, r.seat",
        (guild_id, game_key, since if since is not None else float("-inf")),
    )
    games: list[FinishedGame] = []
    seats: list[SeatOutcome] = []
    for index, row in enumerate(rows):
        seats.append(
            SeatOutcome(
                seat=row["seat"],
                user_id=row["user_id"],
                is_computer=bool(row["is_computer"]),
                rank=row["rank"],
                score=row["score"],
                won=bool(row["won"]),
            )
        )
        last_of_game = index + 1 == len(rows) or rows[index + 1]["id"] != row["id"]
        if last_of_game:
            games.append(
                FinishedGame(row["id"], row["ended_at"], tuple(seats), json.loads(row["options"]))
            )
            seats = []
    return games


async def min_games(db: Database, guild_id: int) -> int:
    """Games a member must have played to appear on a competitive leaderboard."""
    row = await db.fetchone(
        "SELECT leaderboard_min_games FROM guild_settings WHERE guild_id = ?", (guild_id,)
    )
    if row is None or row["leaderboard_min_games"] is None:
        return DEFAULT_MIN_GAMES
    return int(row["leaderboard_min_games"])


async def set_min_games(db: Database, guild_id: int, value: int) -> None:
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, leaderboard_min_games) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET "
            "leaderboard_min_games = excluded.leaderboard_min_games",
            (guild_id, value),
        )


async def has_statistics(db: Database, user_id: int) -> bool:
    """Whether forget-me has anything to erase: a result, or a seat in an ended game (a game
    cancelled after its first move is in the history without any result)."""
    row = await db.fetchone("SELECT 1 FROM results WHERE user_id = ? LIMIT 1", (user_id,))
    if row is not None:
        return True
    row = await db.fetchone(
        "SELECT 1 FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ? "
        "AND g.status IN ('finished', 'cancelled') LIMIT 1",
        (user_id,),
    )
    return row is not None


async def forget_member(db: Database, user_id: int) -> int:
    """Anonymise a member's results on every server; returns how many results were anonymised.

    Rows are kept with no user id (and still `is_computer = 0`), so the other players' records
    stay whole: a team keeps its size and score, a ranking keeps its places, and the member's
    seat becomes an anonymous opponent in rating replays. The seats of finished or cancelled games
    lose the id and the display name stored with it too, and are marked as a former member's,
    which the history and replays show instead of the name (not as a computer). Games still
    open are left alone (the member is playing them); their results are recorded when they end.
    The action log holds seat numbers, never user ids.
    """
    async with db.transaction() as conn:
        forgotten = await conn.execute(
            "UPDATE results SET user_id = NULL WHERE user_id = ?", (user_id,)
        )
        await conn.execute(
            "UPDATE seats SET user_id = NULL, name = NULL, former_member = 1 "
            "WHERE user_id = ? AND game_id IN "
            "(SELECT id FROM games WHERE status IN ('finished', 'cancelled'))",
            (user_id,),
        )
    return forgotten
