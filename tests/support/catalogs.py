"""The bot's catalogs with every game's own, as a bot with all its game cogs has them."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import Catalog

ROOT = Path(__file__).resolve().parent.parent.parent
GAME_LOCALES = [*sorted((ROOT / "cogs").glob("*/locales")), ROOT / "tests" / "tiny_cog" / "locales"]
"""Each game cog's catalog folder, and the tests' example game's, held to the same checks."""


def full_catalog() -> Catalog:
    catalog = Catalog()
    for folder in GAME_LOCALES:
        catalog.add(folder)
    return catalog


def game_locales(area: str) -> Path:
    """The catalog folder of the game cog `cogs/<area>/`, for a stand-in that borrows that
    game's key and therefore its texts."""
    return ROOT / "cogs" / area / "locales"
