"""The loopback HTTP server of the playground: the page, its state, and the actions it posts.

Bound to 127.0.0.1 only. Requests whose Host is not this address are refused, so that a web page
elsewhere cannot reach the playground through a DNS name pointing at 127.0.0.1; actions must be
JSON posted from the page's own origin, so that another site open in the browser cannot play.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.faces.drawing import png
from bot.faces.upload import emoji_name
from playground.session import ActionError, Playground
from playground.view import page_state

STATIC = Path(__file__).with_name("static")
PAGES = {
    "/": ("index.html", "text/html"),
    "/app.js": ("app.js", "text/javascript"),
    "/style.css": ("style.css", "text/css"),
}
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
PLAYGROUND: web.AppKey[Playground] = web.AppKey("playground", Playground)


def create_app(playground: Playground, port: int) -> web.Application:

    hosts = (f"127.0.0.1:{port}", f"localhost:{port}")

    @web.middleware
    async def same_host_only(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.host not in hosts:
            raise web.HTTPForbidden(text="the playground answers only on its own address")
        if request.method == "POST":
            origin = request.headers.get("Origin")
            if origin is not None and origin not in [f"http://{host}" for host in hosts]:
                raise web.HTTPForbidden(text="actions come from the playground's own page only")
            if request.content_type != "application/json":
                raise web.HTTPUnsupportedMediaType(text="JSON body expected")
        return await handler(request)

    app = web.Application(middlewares=[same_host_only])
    app[PLAYGROUND] = playground
    for route in PAGES:
        app.router.add_get(route, _page)
    app.router.add_get("/api/state", _state)
    app.router.add_post("/api/command", _command)
    app.router.add_post("/api/click", _click)
    app.router.add_post("/api/select", _select)
    app.router.add_post("/api/message", _message)
    app.router.add_post("/api/react", _react)
    app.router.add_post("/api/locale", _locale)
    app.router.add_get("/faces/{name}.png", _face)
    return app


async def _page(request: web.Request) -> web.StreamResponse:
    filename, content_type = PAGES[request.path]
    body = (STATIC / filename).read_text(encoding="utf-8")
    return web.Response(text=body, content_type=content_type, headers=HEADERS)


async def _face(request: web.Request) -> web.StreamResponse:
    """The image of one of the bot's card faces, by its emoji's name (`tg_57_1a2b3c4`).

    SimCord records the application's emojis by name and keeps no image, so the page asks here
    and gets the face drawn by the bot's own code, as Discord would show the uploaded one."""
    bot = request.app[PLAYGROUND].bot
    wanted = request.match_info["name"]
    for ui in bot.games.uis():
        for face in ui.faces:
            if emoji_name(face) == wanted:
                return web.Response(
                    body=png(face.drawing), content_type="image/png", headers=HEADERS
                )
    raise web.HTTPNotFound(text="no such face")


def _int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise web.HTTPBadRequest(text=f"{name} must be an id") from None


async def _state(request: web.Request) -> web.StreamResponse:
    playground = request.app[PLAYGROUND]
    world = playground.world
    member_id = _int(request.query.get("member", world.members[0].id), "member")
    place_id = _int(request.query.get("place", world.channel.id), "place")
    try:
        state = page_state(playground, member_id, place_id)
    except KeyError:
        raise web.HTTPNotFound(text="no such member or place") from None
    return web.json_response(state, headers=HEADERS)


class _Fields:
    """A request's JSON object, each field checked where it is read: a malformed one is a 400
    naming the field, so the page's mistakes never reach the bot."""

    def __init__(self, body: dict[str, Any]) -> None:
        self._body = body

    @classmethod
    async def read(cls, request: web.Request) -> _Fields:
        try:
            body = await request.json()
        except json.JSONDecodeError:
            raise web.HTTPBadRequest(text="JSON body expected") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="JSON object expected")
        return cls(body)

    def id(self, name: str) -> int:
        return _int(self._body.get(name), name)

    def text(self, name: str) -> str:
        return str(self._body.get(name, ""))

    def names(self, name: str) -> list[str]:
        value = self._body.get(name)
        if not isinstance(value, list) or not all(isinstance(part, str) for part in value):
            raise web.HTTPBadRequest(text=f"{name} must be a list of strings")
        return value

    def options(self) -> dict[str, Any]:
        options = self._body.get("options") or {}
        if not isinstance(options, dict):
            raise web.HTTPBadRequest(text="options must be an object")
        return options


async def _answer(action: Awaitable[None]) -> web.StreamResponse:
    """`{"ok": true}`, or the reason the action could not be done (status 422)."""
    try:
        await action
    except ActionError as error:
        return web.json_response({"ok": False, "error": str(error)}, status=422, headers=HEADERS)
    return web.json_response({"ok": True}, headers=HEADERS)


async def _command(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].run_command(
            fields.id("member"), fields.id("place"), fields.names("path"), fields.options()
        )
    )


async def _click(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].click(
            fields.id("member"), fields.id("place"), fields.id("message"), fields.text("customId")
        )
    )


async def _select(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].select(
            fields.id("member"),
            fields.id("place"),
            fields.id("message"),
            fields.text("customId"),
            fields.names("values"),
        )
    )


async def _message(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].send(fields.id("member"), fields.id("place"), fields.text("text"))
    )


async def _react(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].react(
            fields.id("member"), fields.id("place"), fields.id("message"), fields.text("emoji")
        )
    )


async def _locale(request: web.Request) -> web.StreamResponse:
    fields = await _Fields.read(request)
    return await _answer(
        request.app[PLAYGROUND].set_locale(fields.id("member"), fields.text("locale"))
    )


def listen(port: int) -> socket.socket:
    """The server's socket on 127.0.0.1 (`port` 0 picks a free one), bound before the bot starts
    so that a port in use is reported at once. Raises OSError."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError:
        sock.close()
        raise
    return sock


async def serve(playground: Playground, sock: socket.socket) -> web.AppRunner:
    """Serves the page and its API on the bound socket."""
    port = int(sock.getsockname()[1])
    runner = web.AppRunner(create_app(playground, port), access_log=None)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    return runner
