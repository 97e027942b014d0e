"""Storage: one interface (`Database`, `Transaction`), two backends (SQLite, PostgreSQL), and the
numbered migrations written for both."""

from bot.db.base import Database, IntegrityError, Row, Transaction, Write, WriteRefused
from bot.db.database import open_database

__all__ = [
    "Database",
    "IntegrityError",
    "Row",
    "Transaction",
    "Write",
    "WriteRefused",
    "open_database",
]
