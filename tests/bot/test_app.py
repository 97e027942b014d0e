"""The bot factory: settings, shards and development-guild command sync."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.app import create_bot, default_extensions
from bot.settings import Settings
from tests.bot.conftest import EXTENSIONS

DEV_GUILD = 1456074443980800999


def test_default_extensions_are_every_cog_module() -> None:
    assert set(EXTENSIONS) <= set(default_extensions())


def test_shard_ids_come_from_a_comma_separated_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    bot = create_bot(settings, [])
    assert bot.shard_count == 2 and bot.shard_ids == [1]
    assert bot.serves_guild((5 << 22) | 7)
    assert not bot.serves_guild(4 << 22)


def test_one_process_serves_every_guild_by_default(tmp_path: Path) -> None:
    bot = create_bot(Settings(_env_file=None, database_path=tmp_path / "x.db"), [])  # type: ignore[call-arg]
    assert bot.serves_guild(4 << 22) and bot.serves_guild(5 << 22)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        database_path=tmp_path / "dev.sqlite3",
        dev_guild_id=DEV_GUILD,
        shard_count=1,
    )


async def test_commands_sync_to_the_development_guild(simcord_env: simcord.Env) -> None:
    env = simcord_env
    dev = env.create_guild("dev", id=DEV_GUILD)
    other = env.create_guild("other")
    dev_member = dev.add_member(env.create_user("dev"))
    other_member = other.add_member(env.create_user("other"))
    assert "play tiny-game" in dev_member.available_commands(dev.create_text_channel("a"))
    assert other_member.available_commands(other.create_text_channel("b")) == ()
