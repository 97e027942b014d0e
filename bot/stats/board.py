"""Leaderboard pages and member statistics as Discord messages, with their buttons.

Pages are ephemeral: each one is drawn for the member who asked (their own row is added when it
is not on the page). Every button is a `discord.ui.DynamicItem` whose custom id carries the whole
request, so buttons keep working after a restart; a click always recomputes the page from the
database, and a page that no longer exists (the board shrank) shows the nearest one with a note.
Custom ids (under 100 characters):

- `ct:board:<game>:<period>:<board>:<page>`   previous/next page, or the other cooperative board
- `ct:forget:<user>:<yes|no>`                 the answer to `/stats forget-me`
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Literal, TypeVar, cast

import discord

from bot.db import Database
from bot.discord_limits import FIELD_LIMIT, clip
from bot.history.components import ReplayOpenButton
from bot.i18n import Texts, interaction_locale
from bot.stats import render
from bot.stats.model import FinishedGame, TeamRanking
from bot.stats.periods import Period, period_start
from bot.stats.profile import profile
from bot.stats.queries import finished_games, forget_member, has_statistics, min_games
from bot.stats.standings import (
    Page,
    Ranked,
    TeamResult,
    competitive_board,
    coop_player_board,
    coop_players,
    paginate,
    rated_players,
    team_board,
    unranked_players,
)
from bot.tables.commands import area
from bot.tables.components import answer, guarded, host_of
from bot.tables.errors import TableError
from bot.tables.registry import GameCatalog
from bot.tables.render import game_name
from games.core.game_type import GameType

T = TypeVar("T")

Board = Literal["teams", "players", "ratings"]

MAX_BUTTONS = 25
"""Buttons Discord allows on one message: the profile's replay buttons stop there."""


def boards_of(game: GameType) -> tuple[Board, ...]:
    """A cooperative game has a teams and a players board; a competitive game one rating
    board."""
    return ("teams", "players") if game.cooperative else ("ratings",)


@dataclass(frozen=True)
class BoardRequest:
    """Which page of which board: everything a page button needs to redraw its page."""

    game: GameType
    ranking: TeamRanking
    period: Period
    board: Board
    page: int = 0

    @classmethod
    def first(cls, game: GameType, ranking: TeamRanking, period: Period) -> BoardRequest:
        return cls(game, ranking, period, boards_of(game)[0])

    @property
    def custom_id(self) -> str:
        return f"ct:board:{self.game.key}:{self.period}:{self.board}:{self.page}"


@dataclass
class _Drawn:
    """A page as text: its lines, the asking member's row if off the page, footnotes."""

    number: int
    count: int
    moved: bool
    lines: list[str]
    own: str | None
    empty: str
    notes: list[str] = field(default_factory=list)
    computers: bool = False
    below: tuple[str, str] | None = None
    """A field under the ranking (name, value): the members not ranked yet."""


def _draw(
    page: Page[T], line: Callable[[Ranked[T]], str], computers: Callable[[T], bool], empty: str
) -> _Drawn:
    shown = [*page.rows, *([page.own] if page.own is not None else [])]
    return _Drawn(
        number=page.number,
        count=page.count,
        moved=page.moved,
        lines=[line(entry) for entry in page.rows],
        own=line(page.own) if page.own is not None else None,
        empty=empty,
        computers=any(computers(entry.row) for entry in shown),
    )


def _team_page(page: Page[TeamResult], area: str, tr: Texts) -> _Drawn:
    """Team rows under a heading per category (player count and mode)."""
    drawn = _draw(
        page,
        lambda entry: render.team_line(entry, area, tr),
        lambda row: row.with_computers,
        tr("leaderboard.empty"),
    )
    lines: list[str] = []
    previous: tuple[int, int] | None = None
    for entry, text in zip(page.rows, drawn.lines, strict=True):
        if entry.row.category != previous:
            lines.append(f"__{render.category(entry.row, area, tr)}__")
            previous = entry.row.category
        lines.append(text)
    own = page.own
    return replace(
        drawn,
        lines=lines,
        own=f"{render.category(own.row, area, tr)}: {drawn.own}" if own is not None else None,
    )


async def _drawn_board(
    db: Database,
    guild_id: int,
    request: BoardRequest,
    games: Sequence[FinishedGame],
    user_id: int,
    tr: Texts,
) -> _Drawn:
    game, ranking = area(request.game.key), request.ranking
    if request.board == "teams":
        teams = paginate(
            team_board(games, ranking), request.page, lambda row: user_id in row.members
        )
        return _team_page(teams, game, tr)
    if request.board == "players":
        players = paginate(
            coop_player_board(games, ranking), request.page, lambda row: row.user_id == user_id
        )
        return _draw(
            players,
            lambda entry: render.coop_line(entry, game, tr),
            lambda row: row.with_computers > 0,
            tr("leaderboard.empty"),
        )
    minimum = await min_games(db, guild_id)
    needed = render.counted("games", minimum, tr)
    empty = tr("leaderboard.empty_ranked", games=needed) if games else tr("leaderboard.empty")
    ratings = paginate(
        competitive_board(games, minimum), request.page, lambda row: row.user_id == user_id
    )
    drawn = _draw(
        ratings,
        lambda entry: render.rating_line(entry, tr),
        lambda row: row.with_computers > 0,
        empty,
    )
    drawn.notes.append(tr("leaderboard.min_games", games=needed))
    unranked = unranked_players(games, minimum)
    if unranked and drawn.number == drawn.count - 1:
        title = tr("leaderboard.unranked", games=needed)
        drawn.below = (title, render.unranked_lines(unranked, tr))
    return drawn


async def board_message(
    db: Database, guild_id: int, request: BoardRequest, user_id: int, tr: Texts, moment: datetime
) -> dict[str, Any]:
    """The message (content, embed, view) showing one page to member `user_id`."""
    games = await finished_games(
        db, guild_id, request.game.key, period_start(request.period, moment)
    )
    drawn = await _drawn_board(db, guild_id, request, games, user_id, tr)
    embed = discord.Embed(
        title=tr(
            "leaderboard.title",
            game=game_name(request.game.key, tr),
            board=tr(f"leaderboard.board.{request.board}"),
            period=tr(f"leaderboard.period.{request.period}"),
        ),
        description="\n".join(drawn.lines) or drawn.empty,
        colour=discord.Colour.gold(),
    )
    if drawn.below is not None:
        embed.add_field(name=drawn.below[0], value=drawn.below[1], inline=False)
    if drawn.own is not None:
        embed.add_field(name=tr("leaderboard.your_place"), value=drawn.own, inline=False)
    footer = [tr("leaderboard.page", page=drawn.number + 1, count=drawn.count), *drawn.notes]
    if drawn.computers:
        footer.append(tr("leaderboard.legend_computers"))
    embed.set_footer(text="\n".join(footer))
    shown = replace(request, page=drawn.number)
    content = tr("leaderboard.moved", page=drawn.number + 1) if drawn.moved else None
    return {"content": content, "embed": embed, "view": _board_view(shown, drawn.count, tr)}


def _board_view(request: BoardRequest, count: int, tr: Texts) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        BoardButton(
            replace(request, page=max(0, request.page - 1)),
            tr("leaderboard.button.previous"),
            disabled=request.page == 0,
        )
    )
    view.add_item(
        BoardButton(
            replace(request, page=request.page + 1),
            tr("leaderboard.button.next"),
            disabled=request.page + 1 >= count,
        )
    )
    if request.board != "ratings":
        other: Board = "players" if request.board == "teams" else "teams"
        view.add_item(
            BoardButton(replace(request, board=other, page=0), tr(f"leaderboard.board.{other}"))
        )
    return view


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:board:(?P<game>[a-z0-9-]+):(?P<period>[a-z-]+):(?P<board>[a-z]+):(?P<page>\d+)",
):
    def __init__(self, request: BoardRequest, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=request.custom_id,
                disabled=disabled,
            )
        )
        self.request = request

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        catalog = host_of(interaction).games
        game = catalog.game_type(match["game"])
        if game is None or match["board"] not in boards_of(game):
            raise ValueError(match.string)
        request = BoardRequest(
            game,
            catalog.team_ranking(game.key),
            Period(match["period"]),
            cast(Board, match["board"]),
            int(match["page"]),
        )
        return cls(request, cast("discord.ui.Button[Any]", item).label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            if interaction.guild_id is None:
                raise TableError("guild_only")
            tr = Texts(interaction_locale(interaction))
            message = await board_message(
                host_of(interaction).db,
                interaction.guild_id,
                self.request,
                interaction.user.id,
                tr,
                discord.utils.utcnow(),
            )
            await interaction.response.edit_message(**message)

        await guarded(interaction, handler)


# ------------------------------------------------------------------ /stats


async def stats_message(
    db: Database, guild_id: int, user_id: int, tr: Texts, games: GameCatalog
) -> dict[str, Any]:
    """Per game the bot offers, what the all-time leaderboards know about one member, and their
    profile: last results (each with a button to replay it), best score, winning streaks."""
    embed = discord.Embed(
        title=tr("leaderboard.stats.title"),
        description=tr("leaderboard.stats.who", name=render.mention(user_id)),
        colour=discord.Colour.gold(),
    )
    minimum = await min_games(db, guild_id)
    view = discord.ui.View(timeout=None)
    for game in games.game_types():
        finished = await finished_games(db, guild_id, game.key)
        lines = (
            _coop_stats(finished, game, games.team_ranking(game.key), user_id, tr)
            if game.cooperative
            else _rated_stats(finished, user_id, minimum, tr)
        )
        found = profile(finished, user_id, game.cooperative)
        if found is not None:
            lines += render.profile_lines(found, game, tr)
            for past, _ in found.recent:
                if len(view.children) < MAX_BUTTONS:
                    view.add_item(ReplayOpenButton(past.game_id, f"#{past.game_id}"))
        embed.add_field(
            name=game_name(game.key, tr),
            value=clip("\n".join(lines), FIELD_LIMIT) or tr("leaderboard.stats.none"),
            inline=False,
        )
    view.stop()
    return {"embed": embed, "view": view}


def _coop_stats(
    games: Sequence[FinishedGame], game: GameType, ranking: TeamRanking, user_id: int, tr: Texts
) -> list[str]:
    row = coop_players(games, ranking).get(user_id)
    if row is None:
        return []
    board = coop_player_board(games, ranking)
    rank = next(entry.rank for entry in board if entry.row.user_id == user_id)
    teams = [
        entry.row for entry in team_board(games, ranking) if user_id in entry.row.members
    ]
    best = min(teams, key=lambda team: (team.score, team.ended_at))
    own = area(game.key)
    lines = [
        tr(f"{own}.leaderboard.stats", **render.coop_figures(row, tr)),
        tr("leaderboard.stats.players_rank", rank=rank, count=len(board)),
        tr(
            "leaderboard.stats.best_team",
            result=render.team_result(best.score, own, tr),
            category=render.category(best, own, tr),
            date=render.date(best.ended_at),
        ),
    ]
    if row.with_computers:
        lines.append(tr("leaderboard.stats.with_computers", n=row.with_computers))
    return lines


def _rated_stats(games: Sequence[FinishedGame], user_id: int, minimum: int, tr: Texts) -> list[str]:
    row = rated_players(games).get(user_id)
    if row is None:
        return []
    board = competitive_board(games, minimum)
    rank = next((entry.rank for entry in board if entry.row.user_id == user_id), None)
    lines = [
        tr(
            "leaderboard.stats.rated",
            rating=render.rating(row, tr, provisional=rank is None),
            games=render.counted("games", row.games, tr),
            wins=render.counted("wins", row.wins, tr),
            rate=render.percent(row.win_rate),
        )
    ]
    if rank is None:
        needed = render.counted("games", minimum, tr)
        lines.append(tr("leaderboard.stats.unranked", games=needed, missing=minimum - row.games))
    else:
        lines.append(tr("leaderboard.stats.rank", rank=rank, count=len(board)))
    if row.with_computers:
        lines.append(tr("leaderboard.stats.with_computers", n=row.with_computers))
    return lines


# ------------------------------------------------------------------ forget-me


Answer = Literal["yes", "no"]


def forget_view(user_id: int, tr: Texts) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, "yes", tr("leaderboard.forget.yes")))
    view.add_item(ForgetButton(user_id, "no", tr("leaderboard.forget.no")))
    return view


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:forget:(?P<user>\d+):(?P<answer>yes|no)",
):
    """Only the member named in the custom id may answer: the question is ephemeral, and the
    check holds even for a forged or replayed interaction."""

    def __init__(self, user_id: int, answer: Answer, label: str) -> None:
        style = discord.ButtonStyle.danger if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"ct:forget:{user_id}:{answer}")
        )
        self.user_id = user_id
        self.answer = answer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        label = cast("discord.ui.Button[Any]", item).label or ""
        return cls(int(match["user"]), cast(Answer, match["answer"]), label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def handler() -> None:
            tr = Texts(interaction_locale(interaction))
            if interaction.user.id != self.user_id:
                await answer(interaction, tr("leaderboard.forget.not_yours"))
                return
            if self.answer == "no":
                text = tr("leaderboard.forget.kept")
            else:
                count = await forget_member(host_of(interaction).db, self.user_id)
                text = tr("leaderboard.forget.done", count=count)
            await interaction.response.edit_message(content=text, view=None)

        await guarded(interaction, handler)


async def forget_question(db: Database, user_id: int, tr: Texts) -> dict[str, Any]:
    """The confirmation asked by `/stats forget-me`, or why there is nothing to confirm."""
    if not await has_statistics(db, user_id):
        return {"content": tr("leaderboard.forget.nothing")}
    return {"content": tr("leaderboard.forget.confirm"), "view": forget_view(user_id, tr)}


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (BoardButton, ForgetButton)
