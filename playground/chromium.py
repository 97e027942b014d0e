"""Headless Chromium for the playground's page: one-shot runs (`--dump-dom`, `--screenshot`) and a
driven tab (the DevTools protocol over a websocket) that types, clicks, resizes and takes
screenshots like a person with a browser. Used by the screenshot command
(`python -m playground.screenshots`) and the page's browser tests.

Nothing reaches the network: background services are off and pages are only the playground's
loopback address.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WIDTH, HEIGHT = 1200, 760
"""The window of a desktop browser."""
PHONE_WIDTH, PHONE_HEIGHT = 390, 844
"""A phone's screen in CSS pixels (an iPhone 12 to 15)."""
MISSING = "no headless browser here (Debian: apt-get install chromium)"


class NoBrowser(RuntimeError):
    """No Chromium on this machine."""


def find() -> str | None:
    """The path of an installed Chromium, or None."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def browser() -> str:
    found = find()
    if found is None:
        raise NoBrowser(MISSING)
    return found


def flags(profile: str) -> list[str]:
    found = [
        "--headless",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={WIDTH},{HEIGHT}",
    ]
    if os.geteuid() == 0:
        found.append("--no-sandbox")
    return found


def once(*args: str) -> bytes:
    """One page load, with time for the page's script to fetch and render the state."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        done = subprocess.run(
            [browser(), *flags(profile), "--virtual-time-budget=4000", *args],
            capture_output=True,
            timeout=90,
            check=True,
        )
    return done.stdout


class Tab:
    """A browser tab driven through the DevTools protocol."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.counter = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.counter += 1
        await self.socket.send_json({"id": self.counter, "method": method, "params": params})
        while True:
            message = json.loads((await self.socket.receive(timeout=30)).data)
            if message.get("id") == self.counter:
                if "error" in message:
                    raise AssertionError(message["error"])
                result: dict[str, Any] = message["result"]
                return result

    async def run(self, script: str) -> Any:
        """Evaluates `script` (an expression; promises are awaited) in the page."""
        result = await self.call(
            "Runtime.evaluate", expression=script, awaitPromise=True, returnByValue=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(result["exceptionDetails"])
        return result["result"].get("value")

    async def until(self, script: str, seconds: float = 15) -> Any:
        """Waits until `script` gives a true value (the page polls the playground)."""
        for _ in range(int(seconds * 10)):
            value = await self.run(script)
            if value:
                return value
            await asyncio.sleep(0.1)
        page = await self.run("document.body.innerText")
        raise AssertionError(f"never true: {script}\npage: {page}")

    async def resize(self, width: int, height: int, *, mobile: bool = False) -> None:
        """Shows the page in a window of `width` × `height` CSS pixels (`mobile`: as a phone's
        browser does, which honours the page's viewport tag)."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    async def screenshot(self, clip: dict[str, float] | None = None) -> bytes:
        """A PNG of the window, or of `clip` (x, y, width, height in the page's pixels)."""
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            params["clip"] = {**clip, "scale": 1}
        shot = await self.call("Page.captureScreenshot", **params)
        return base64.b64decode(shot["data"])


@asynccontextmanager
async def tab(url: str) -> AsyncIterator[Tab]:
    # Chromium's helper processes may still write to the profile for a moment after it quits.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [browser(), *flags(profile), "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            for _ in range(300):
                if port_file.exists() and port_file.read_text().count("\n") >= 1:
                    break
                await asyncio.sleep(0.1)
            port = port_file.read_text().splitlines()[0]
            async with aiohttp.ClientSession() as session:
                async with session.get(f"http://127.0.0.1:{port}/json/list") as response:
                    targets = await response.json()
                page = next(t for t in targets if t["type"] == "page")
                async with session.ws_connect(
                    page["webSocketDebuggerUrl"], max_msg_size=0
                ) as socket:
                    driven = Tab(socket)
                    await driven.call("Page.navigate", url=url)
                    yield driven
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
