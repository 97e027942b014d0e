"""Settings read from the environment and an optional `.env` file.

Everything the bot needs to start is here, validated once, so a wrong value stops the bot with a
one-line explanation instead of failing later in the middle of a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
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
    shard_ids: Annotated[list[Annotated[int, Field(ge=0)]] | None, NoDecode] = None
    turn_seconds: int = Field(default=300, ge=30, le=7 * 24 * 3600)
    computer_delay_seconds: float = Field(default=1.5, ge=0, le=30)
    sync_commands: bool = True
    deal_seed: int | None = Field(default=None, ge=0)
    """Deals every game from a fixed seed instead of a random one (tests, demonstrations): the
    n-th game this process opens (from 0) is dealt from `deal_seed + n * deal_seed_step`."""
    deal_seed_step: int = Field(default=0, ge=0)
    card_emojis: bool = True
    """Upload the card faces as the application's emojis at start-up and show cards with them
    (`bot/faces/`); off, cards show as text."""

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
            wrong = [part for part in parts if not part.isdigit()]
            if wrong:
                raise ValueError(f"shard numbers separated by commas, such as 0,1 ({wrong[0]!r})")
            return [int(part) for part in parts] or None
        return value

    @model_validator(mode="after")
    def _shards_fit_the_count(self) -> Settings:
        """Checked here rather than by discord.py, which would refuse them at connection time
        with a traceback."""
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the total number of shards")
        too_high = [shard for shard in self.shard_ids if shard >= self.shard_count]
        if too_high:
            raise ValueError(
                f"SHARD_IDS has shard {too_high[0]}, but shards are numbered 0 to "
                f"{self.shard_count - 1} with SHARD_COUNT={self.shard_count}"
            )
        return self

    def token(self) -> str | None:
        """The token, or None when it is missing or blank."""
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None


def settings_problem(error: ValidationError) -> str:
    """The first invalid setting in one line, named as in the environment."""
    issue = error.errors()[0]
    message = str(issue["msg"]).removeprefix("Value error, ")
    if not issue["loc"]:
        return f"Invalid settings: {message}"
    return f"Invalid setting {str(issue['loc'][0]).upper()}: {message}"
