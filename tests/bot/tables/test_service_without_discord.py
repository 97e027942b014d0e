"""The table service driven by plain values (who, which game, which action, which locale) with
no Discord object anywhere: a lobby opened, joined and started, and a whole game played to its
end through `TableService`, shown by a front end of the test's own that keeps the changes it is
handed (what a replay or another front end would do)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.db import Database, open_database
from bot.settings import Settings
from bot.tables.carried import ActionRefs
from bot.tables.changes import Change
from bot.tables.clicks import Actions, HandShown
from bot.tables.errors import TableError
from bot.tables.records import Game, GameStatus
from bot.tables.registry import GameCatalog
from bot.tables.service import Lobby, TableService
from tests.bot.helpers import query
from tests.tiny_cog.ui import TinyUI
from tests.tiny_game import ENGINE as TINY_ENGINE
from tests.tiny_game.engine import Play

pytestmark = pytest.mark.both_backends

ALICE, BOB, CAROL = 101, 102, 103


class Kept:
    """A front end that keeps what the service hands it."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def recall(self, game: Game) -> None:
        pass

    def in_doubt(self, game: Game) -> bool:
        return False

    async def prepare(self, change: Change) -> None:
        pass

    async def publish(self, change: Change) -> None:
        self.changes.append(change)

    async def lobby_seen(self, game: Game) -> bool:
        return True

    async def shut_down(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest_asyncio.fixture
async def database(settings: Settings) -> AsyncIterator[Database]:
    db = await open_database(settings.database_path, settings.database_url)
    yield db
    await db.close()


@pytest.fixture
def kept() -> Kept:
    return Kept()


@pytest_asyncio.fixture
async def tables(
    database: Database, settings: Settings, kept: Kept
) -> AsyncIterator[TableService]:
    """The service with the tests' tiny game and no other front end than `kept`."""
    games = GameCatalog()
    games.register(TinyUI(), engine=TINY_ENGINE)
    service = TableService(lambda: database, games, settings, kept)
    yield service
    service.close()


async def alice_and_bob_in_a_lobby(tables: TableService) -> Game:
    game = await tables.create_lobby(
        guild_id=1,
        channel_id=10,
        host_id=ALICE,
        host_name="alice",
        game_key="tiny-game",
        options={},
    )
    await tables.lobby(game.id, "join", Lobby(BOB, "bob"))
    return game


async def test_a_whole_game_through_the_service(
    tables: TableService, kept: Kept, settings: Settings
) -> None:
    shown: list[HandShown] = []

    async def reply(hand: HandShown) -> None:
        shown.append(hand)

    game = await alice_and_bob_in_a_lobby(tables)
    with pytest.raises(TableError) as refused:
        await tables.start(game.id, Lobby(BOB, "bob"))
    assert refused.value.code == "host_only"
    await tables.start(game.id, Lobby(ALICE, "alice"))

    first = await tables.hand(game.id, ALICE)
    stale_version = first.seat.version
    moves = 0
    while True:
        stored = await tables.work.load(game.id)
        if stored.status is not GameStatus.RUNNING:
            break
        running = tables.work.running(stored)
        number = running.to_act()[0]
        user = stored.seat(number).user_id
        assert user is not None
        hand = await tables.hand(game.id, user)
        legal = running.engine.legal_actions(running.state, number)
        card = min(action.card for action in legal if isinstance(action, Play))
        ref = ActionRefs(legal).ref(Play(card=card))
        await tables.act(user, game.id, number, hand.seat.version, Actions([ref]), "en", reply)
        moves += 1
        assert card not in running.engine.view(shown[-1].running.state, number).hand

    with pytest.raises(TableError) as over:
        await tables.act(ALICE, game.id, 0, stale_version, Actions(["0.aaaaaa"]), "en", reply)
    assert over.value.code == "game_over"
    with pytest.raises(TableError) as stranger:
        await tables.hand(game.id, CAROL)
    assert stranger.value.code == "game_over"

    assert moves == 10, "five cards each"
    assert all(hand.notice is None for hand in shown), "every move was accepted"
    logged = query(settings.database_path, "SELECT seat FROM actions ORDER BY seq")
    assert len(logged) == moves
    assert len(query(settings.database_path, "SELECT seat FROM results")) == 2
    assert [change.finished for change in kept.changes][-1]
    started = [change for change in kept.changes if change.table and not change.events]
    assert len(started) == 1 and started[0].ping == [0, 1], "the start mentions both players"


async def test_an_out_of_date_click_only_shows_the_hand_again(
    tables: TableService, settings: Settings
) -> None:
    shown: list[HandShown] = []

    async def reply(hand: HandShown) -> None:
        shown.append(hand)

    game = await alice_and_bob_in_a_lobby(tables)
    await tables.start(game.id, Lobby(ALICE, "alice"))
    hand = await tables.hand(game.id, ALICE)
    legal = hand.running.engine.legal_actions(hand.running.state, 0)
    ref = ActionRefs(legal).ref(next(action for action in legal if isinstance(action, Play)))
    await tables.act(ALICE, game.id, 0, hand.seat.version, Actions([ref]), "en", reply)
    await tables.act(ALICE, game.id, 0, hand.seat.version, Actions([ref]), "en", reply)
    with pytest.raises(TableError) as wrong_seat:
        await tables.act(ALICE, game.id, 1, hand.seat.version, Actions([ref]), "en", reply)

    assert [each.notice for each in shown] == [None, "table.stale"], "a double click"
    assert wrong_seat.value.code == "not_your_seat"
    assert len(query(settings.database_path, "SELECT seat FROM actions")) == 1
