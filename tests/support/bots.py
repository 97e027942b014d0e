"""Fixtures shared by every test that runs the real bot against SimCord.

A conftest imports `settings`, `make_bot` and `simcord_bot` from here and overrides only what makes
its tests different: `bot_extensions` (the cogs loaded) and `register_games` (test engines and
UIs registered on each bot); a conftest of real games gets both, and its fixed deals, from
`real_game_fixtures`. Kept out of a root conftest so that the engine tests under
tests/games never import Discord.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio
import simcord
from _pytest.fixtures import FixtureFunctionDefinition

from bot.app import CardTableBot, create_bot
from bot.db import Database, open_database
from bot.settings import Settings
from playground.waits import declared_sleep
from tests.support.network import suspend_requests
from tests.support.postgres import PostgresServer, register_database

BACKENDS = ("sqlite", "postgresql")
"""Tests marked `both_backends` run once on each (see `pytest_generate_tests`)."""

CORE_EXTENSIONS = [
    "cogs.lobby",
    "cogs.game",
    "cogs.rules",
    "cogs.settings",
    "cogs.help",
    "cogs.history",
]
TURN_SECONDS = 300

BotFactory = Callable[[], CardTableBot]
GameRegistration = Callable[[CardTableBot], None]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run the tests marked `both_backends` on SQLite and on PostgreSQL. A conftest imports
    this hook once per folder tree (tests/bot, tests/integration)."""
    marked = metafunc.definition.get_closest_marker("both_backends") is not None
    if marked and "database_backend" in metafunc.fixturenames:
        metafunc.parametrize("database_backend", BACKENDS, indirect=True)


@pytest.fixture
def database_backend(request: pytest.FixtureRequest) -> str:
    """ "sqlite" unless the test is marked `both_backends`, which runs it on each."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def database_url(database_backend: str, request: pytest.FixtureRequest) -> str | None:
    """A fresh PostgreSQL schema on the suite's own server, or None for SQLite."""
    if database_backend != "postgresql":
        return None
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_schema()


@pytest_asyncio.fixture
async def db(tmp_path: Path, database_url: str | None) -> AsyncIterator[Database]:
    """The storage alone, opened (and migrated) on the test's backend, for tests of what goes
    into the database without a bot."""
    opened = await open_database(tmp_path / "test.sqlite3", database_url)
    yield opened
    await opened.close()


@pytest.fixture
def fixed_deal() -> dict[str, int]:
    """Settings that fix the deals (`deal_seed`, `deal_seed_step`); none by default: random
    deals, as a server has. A conftest whose tests play real games gives its own
    (`real_game_fixtures`), and so may a test module."""
    return {}


@pytest.fixture
def settings(tmp_path: Path, database_url: str | None, fixed_deal: dict[str, int]) -> Settings:
    """A real SQLite file in the test's folder, or a fresh PostgreSQL schema for the tests that
    run on both backends (`tests.bot.helpers.query` reads either through the same path);
    computers move without a pause; cards show as text, without uploading the faces (the tests
    under tests/bot/faces turn them on); deals as `fixed_deal` says."""
    path = tmp_path / "data" / "test.sqlite3"
    if database_url is not None:
        register_database(path, database_url)
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=path,
        database_url=database_url,
        turn_seconds=TURN_SECONDS,
        computer_delay_seconds=0,
        shard_count=1,
        card_emojis=False,
        **fixed_deal,
    )


@pytest.fixture
def bot_extensions() -> list[str]:
    return CORE_EXTENSIONS


@pytest.fixture
def register_games() -> GameRegistration:
    """Nothing beyond what the loaded cogs register."""
    return lambda _bot: None


@pytest_asyncio.fixture
async def make_bot(
    settings: Settings, bot_extensions: list[str], register_games: GameRegistration
) -> AsyncIterator[BotFactory]:
    """Builds bots on the same settings and database (a restart is a second bot); closes their
    database connections at the end."""
    built: list[CardTableBot] = []

    def factory() -> CardTableBot:
        bot = create_bot(settings, bot_extensions)
        register_games(bot)
        built.append(bot)
        return bot

    yield factory
    for bot in built:
        if bot._db is not None:
            await bot._db.close()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> CardTableBot:
    return make_bot()


@pytest_asyncio.fixture
async def simcord_env(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[simcord.Env]:
    """SimCord's environment, with the bot's timed wait declared to it as intentional
    (`playground.waits`), so that it wakes only when the test moves the clock. Undeclared, its
    wall-clock fallback fired in the middle of slow clicks in about one run in three of a fuzz
    case with paused computer moves."""
    monkeypatch.setattr("bot.clock.sleep", declared_sleep(simcord_env))
    suspend_requests(monkeypatch)
    yield simcord_env


def real_game_fixtures(
    extensions: list[str], seed: int, *, new_seed_per_game: bool = False
) -> tuple[FixtureFunctionDefinition, FixtureFunctionDefinition, FixtureFunctionDefinition]:
    """The fixtures of a conftest whose tests run real games: the bot with `extensions`, no test
    engine, and fixed deals. The conftest binds them to the names `fixed_deal`,
    `bot_extensions` and `register_games`, under which pytest finds them."""

    @pytest.fixture
    def fixed_deal() -> dict[str, int]:
        """Every game dealt from `seed`, which makes each test one game; or, with
        `new_seed_per_game`, from `seed`, `seed + 1`, ... in opening order, so that several
        games in one test differ (the bot's `deal_seed` settings)."""
        return {"deal_seed": seed, "deal_seed_step": 1 if new_seed_per_game else 0}

    @pytest.fixture
    def bot_extensions() -> list[str]:
        return extensions

    @pytest.fixture
    def register_games() -> GameRegistration:
        """The real games only: the tiny game that tests/bot registers stays out."""
        return lambda _bot: None

    return fixed_deal, bot_extensions, register_games
