"""What `/history` reads, on both backends: a server's ended games newest first, ten a page, by
game and by member; never another server's games, a running game or a game cancelled before its
first action; and a member who asked to be forgotten stays a person without a name."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.history.records import history_page, past_game, replay_source
from bot.stats.queries import forget_member
from bot.tables.records import Game, GameStatus, Seat, insert_games, record_results
from games.core.result import GameResult, SeatResult

pytestmark = pytest.mark.both_backends

GUILD = 10
ALICE, BOB = 100, 200


def ended(
    ended_at: float,
    *,
    key: str = "tiny-game",
    guild: int = GUILD,
    status: GameStatus = GameStatus.FINISHED,
    actions: int = 12,
    seats: tuple[int | None, ...] = (ALICE, None),
) -> Game:
    return Game(
        id=0,
        guild_id=guild,
        channel_id=1,
        place_id=int(ended_at) + 1000,
        game_key=key,
        options={},
        config="{}",
        seed=1,
        status=status,
        host_id=ALICE,
        turn_seconds=300,
        created_at=ended_at - 600,
        started_at=ended_at - 500,
        ended_at=ended_at,
        action_count=actions,
        outcome=GameResult(
            cooperative=False,
            seats=[SeatResult(seat=n, rank=n + 1, score=10 - n, won=n == 0) for n in range(2)],
        ).model_dump_json(),
        seats=[
            Seat(number, user, f"member {user}" if user else None)
            for number, user in enumerate(seats)
        ],
    )


async def test_a_servers_ended_games_newest_first_ten_a_page(db: Database) -> None:
    await insert_games(db, [ended(float(moment)) for moment in range(1, 13)])

    first = await history_page(db, GUILD, 0, None, None)
    second = await history_page(db, GUILD, 1, None, None)

    assert [game.ended_at for game in first.games] == [float(n) for n in range(12, 2, -1)]
    assert first.more and first.number == 0
    assert [game.ended_at for game in second.games] == [2.0, 1.0]
    assert not second.more
    assert [(seat.user_id, seat.is_computer) for seat in first.games[0].seats] == [
        (ALICE, False),
        (None, True),
    ]
    assert first.games[0].seconds == 500


async def test_only_ended_games_of_the_server_with_a_first_action_are_listed(
    db: Database,
) -> None:
    await insert_games(
        db,
        [
            ended(1.0),
            ended(2.0, guild=GUILD + 1),
            ended(3.0, status=GameStatus.CANCELLED, actions=0),
            ended(4.0, status=GameStatus.CANCELLED, actions=3),
            ended(5.0, status=GameStatus.RUNNING),
            ended(6.0, status=GameStatus.LOBBY, actions=0),
        ],
    )

    page = await history_page(db, GUILD, 0, None, None)

    assert [(game.id, game.status) for game in page.games] == [
        (4, GameStatus.CANCELLED),
        (1, GameStatus.FINISHED),
    ]
    assert await past_game(db, GUILD, 1) is not None
    assert await past_game(db, GUILD + 1, 1) is None, "another server's game"
    assert await past_game(db, GUILD, 2) is None, "a game of another server asked from here"
    assert await past_game(db, GUILD, 5) is None, "a running game keeps its hands secret"
    assert await replay_source(db, GUILD, 3) is None, "cancelled before its first action"


async def test_filters_by_game_and_by_member(db: Database) -> None:
    await insert_games(
        db,
        [
            ended(1.0, key="level8", seats=(ALICE, BOB)),
            ended(2.0, key="tiny-game", seats=(BOB, None)),
            ended(3.0, key="level8", seats=(ALICE, None)),
        ],
    )

    async def ids(game_key: str | None, member: int | None) -> list[int]:
        return [game.id for game in (await history_page(db, GUILD, 0, game_key, member)).games]

    assert await ids("level8", None) == [3, 1]
    assert await ids(None, BOB) == [2, 1]
    assert await ids("level8", BOB) == [1]
    assert await ids("heaven-hell", None) == []


async def test_a_forgotten_member_is_a_former_member_not_a_computer(db: Database) -> None:
    game = ended(1.0, seats=(ALICE, BOB))
    await insert_games(db, [game])
    async with db.transaction() as conn:
        await record_results(conn, game, GameResult.model_validate_json(game.outcome or ""))

    await forget_member(db, BOB)

    found = await past_game(db, GUILD, game.id)
    assert found is not None
    alice, bob = found.seats
    assert (alice.user_id, alice.name, alice.former) == (ALICE, f"member {ALICE}", False)
    assert (bob.user_id, bob.name, bob.former, bob.is_computer) == (None, None, True, False)
    assert [game.id for game in (await history_page(db, GUILD, 0, None, BOB)).games] == []
