"""Settings read from the environment and an optional `.env` file.

Everything the bot needs to start is here, validated once, so a wrong value stops the bot with a
one-line explanation instead of failing later in the middle of a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE_PATH = Path("data") / "cardtable.sqlite3"


class Settings(BaseSettings):
    """`DISCORD_TOKEN` is optional here so tools and tests can build the bot without one;
    `python -m bot` refuses to start without it."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = DEFAULT_DATABASE_PATH
    database_url: str | None = None
    database_pool_size: int = Field(default=10, ge=1, le=200)
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    turn_seconds: int = Field(default=300, ge=30, le=7 * 24 * 3600)
    computer_delay_seconds: float = Field(default=1.5, ge=0, le=30)
    sync_commands: bool = True

    @field_validator("dev_guild_id", "shard_count", "database_url", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("database_url")
    @classmethod
    def _postgresql_only(cls, value: str | None) -> str | None:
        """`DATABASE_URL` selects PostgreSQL; SQLite needs no URL (`DATABASE_PATH`)."""
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a postgresql:// URL (leave it unset for SQLite)")
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: object) -> object:
        """`SHARD_IDS=0,1,2` in the environment; a list when built in code."""
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            return [int(part) for part in parts] or None
        return value

    def token(self) -> str | None:
        """The token, or None when it is missing or blank."""
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None
