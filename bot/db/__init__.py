"""SQLite storage: the connection wrapper and the numbered migrations."""

from bot.db.database import Database

__all__ = ["Database"]
