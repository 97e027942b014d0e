"""The page tests' headless Chromium (`playground.chromium`, which the screenshot command uses
too), skipped with the reason on a machine without it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from playground import chromium
from playground.chromium import HEIGHT, PHONE_HEIGHT, PHONE_WIDTH, WIDTH, Tab

__all__ = ["HEIGHT", "PHONE_HEIGHT", "PHONE_WIDTH", "WIDTH", "Tab", "browser", "once", "tab"]


def browser() -> str:
    found = chromium.find()
    if found is None:
        pytest.skip(f"{chromium.MISSING} to run the browser tests")
    return found


def once(*args: str) -> bytes:
    browser()
    return chromium.once(*args)


@asynccontextmanager
async def tab(url: str) -> AsyncIterator[Tab]:
    browser()
    async with chromium.tab(url) as driven:
        yield driven
