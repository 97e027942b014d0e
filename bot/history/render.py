"""The `/history` page and a replay step as Discord messages (content, embeds, buttons).

A replay step shows the game's own public table at that step (`GameUI.render_table`, drawn
from the spectator view exactly as the live table was), then what the step did in the words of
the table's last moves (`GameUI.describe_moves`) and every seat's hand: the game is over, so
nothing is secret any more. A hand is the text of the seat's hand message as the game draws it
(`GameUI.render_hand`, without its controls).

Cards are shown by their faces as on a live table: the bot's emojis once they are uploaded, else
the text faces; and, as a live table does (`bot/tables/fitting.py`), with text faces when the
emojis, ten times as long, would take the step past Discord's limits on embeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from pydantic import BaseModel

from bot.discord_limits import FIELD_LIMIT, clip
from bot.faces.emojis import CardFaces
from bot.history.components import (
    HistoryPageButton,
    HistoryRequest,
    ReplayButton,
    ReplayOpenButton,
    ShareButton,
)
from bot.history.records import HistoryPage, PastGame, PastSeat
from bot.history.timeline import Step, Timeline
from bot.i18n import Texts
from bot.stats.render import date, mention, score_text, team_result
from bot.tables.commands import area
from bot.tables.fitting import draw_fitting, fits
from bot.tables.records import GameStatus
from bot.tables.render import game_name
from bot.tables.ui import GameUI, HandContext, Panel, SeatInfo, TableContext
from games.core.base import Engine
from games.core.result import GameResult

COMPUTER = "🤖"
EMBED_TOTAL = 6000
"""Characters Discord allows in all the embeds of one message together."""

FORMER_MEMBER_ID = 0
"""The user id a replay gives the seat of a member who asked to be forgotten: `SeatInfo` needs
one to tell a person from a computer, and Discord never gives a user the id 0."""


# ------------------------------------------------------------------ seats


def seat_name(seat: PastSeat, tr: Texts) -> str:
    """How a list names a seat: a mention (Discord shows the member's name), a former member,
    or a computer."""
    if seat.former:
        return tr("history.former_member")
    if seat.user_id is None:
        return f"{COMPUTER} {tr('table.computer', n=seat.seat + 1)}"
    return mention(seat.user_id)


def seat_infos(game: PastGame, tr: Texts) -> list[SeatInfo]:
    """The seats as the live table named them (the name stored when the member sat down), a
    former member's without their name."""
    infos: list[SeatInfo] = []
    for seat in game.seats:
        if seat.former:
            infos.append(SeatInfo(seat.seat, tr("history.former_member"), FORMER_MEMBER_ID, False))
        elif seat.user_id is None:
            infos.append(SeatInfo(seat.seat, tr("table.computer", n=seat.seat + 1), None, False))
        else:
            name = seat.name or mention(seat.user_id)
            infos.append(SeatInfo(seat.seat, name, seat.user_id, False))
    return infos


# ------------------------------------------------------------------ results


def result_text(game: PastGame, tr: Texts) -> str:
    """How the game ended, in one line: cancelled; the team's result; or the winners."""
    if game.status is GameStatus.CANCELLED or game.outcome is None:
        return tr("history.result.cancelled")
    outcome: GameResult = game.outcome
    if outcome.cooperative and outcome.seats:
        team = outcome.seats[0]
        key = "history.result.team_won" if team.won else "history.result.team_lost"
        return tr(key, score=team_result(team.score, area(game.game_key), tr))
    winners = [entry for entry in outcome.seats if entry.won]
    if not winners:
        return tr("history.result.no_winner")
    names = ", ".join(seat_name(game.seats[entry.seat], tr) for entry in winners)
    return tr(
        "history.result.won", names=names, score=score_text(game.game_key, winners[0].score, tr)
    )


def length_text(game: PastGame, tr: Texts) -> str:
    moves = tr.plural("history.moves", game.action_count)
    seconds = game.seconds
    if seconds is None:
        return moves
    return tr(
        "history.length",
        moves=moves,
        time=tr.plural("history.minutes", max(1, round(seconds / 60))),
    )


def game_title(game: PastGame, tr: Texts) -> str:
    return tr("history.game", game=game_name(game.game_key, tr), id=game.id)


# ------------------------------------------------------------------ /history


def history_message(page: HistoryPage, request: HistoryRequest, tr: Texts) -> dict[str, Any]:
    lines = [
        tr(
            "history.line",
            id=game.id,
            date=date(game.ended_at),
            game=game_name(game.game_key, tr),
            players=", ".join(seat_name(seat, tr) for seat in game.seats),
            result=result_text(game, tr),
            length=length_text(game, tr),
        )
        for game in page.games
    ]
    filters = []
    if request.member_id is not None:
        filters.append(tr("history.filter_member", member=mention(request.member_id)))
    if request.game_key is not None:
        filters.append(game_name(request.game_key, tr))
    parts = [" · ".join(filters)] if filters else []
    description = "\n\n".join([*parts, *(lines or [tr("history.empty")])])
    title = tr("history.title")
    embed = discord.Embed(title=title, description=description, colour=discord.Colour.teal())
    embed.set_footer(text=tr("history.page", page=page.number + 1))
    view = discord.ui.View(timeout=None)
    for game in page.games:
        view.add_item(ReplayOpenButton(game.id, f"#{game.id}"))
    view.add_item(
        HistoryPageButton(
            request.at(max(0, page.number - 1)),
            tr("history.button.newer"),
            disabled=page.number == 0,
        )
    )
    view.add_item(
        HistoryPageButton(
            request.at(page.number + 1), tr("history.button.older"), disabled=not page.more
        )
    )
    view.stop()
    return {"embed": embed, "view": view}


# ------------------------------------------------------------------ a replay step


def table_context(
    game: PastGame,
    timeline: Timeline,
    step: Step,
    seats: Sequence[SeatInfo],
    tr: Texts,
    faces: CardFaces,
) -> TableContext[BaseModel]:
    """The table at `step` as the live table was drawn then: the spectator view, the events of
    the action just applied, who was to act; the final step of a finished game as its final
    table."""
    engine = timeline.engine
    finished = game.finished and step.number == timeline.length
    return TableContext(
        game_id=game.id,
        view=engine.view(step.state, None),
        events=step.events,
        seats=seats,
        to_act=[] if finished else sorted(engine.to_act(step.state)),
        finished=finished,
        tr=tr,
        faces=faces,
    )


def step_words(
    game: PastGame,
    timeline: Timeline,
    step: Step,
    ui: GameUI[Any],
    seats: Sequence[SeatInfo],
    tr: Texts,
    faces: CardFaces,
) -> list[str]:
    """What the step did, as the table's last moves say it; at the last step, how it ended."""
    if step.number == 0:
        words = [tr("history.replay.dealt")]
    else:
        words = ui.describe_moves(step.events, seats, tr, faces)
        if not words and step.seat is not None:
            words = [tr("history.replay.moved", name=seats[step.seat].name)]
    if step.number == timeline.length:
        words.append(result_text(game, tr))
    return words


def hand_text(
    engine: Engine, ui: GameUI[Any], step: Step, seat: int, table: TableContext[Any]
) -> str:
    """A seat's hand at `step`, as its hand message shows it (the first embed's description,
    or the message's text)."""
    context = HandContext(
        game_id=table.game_id,
        seat=seat,
        view=engine.view(step.state, seat),
        legal=engine.legal_actions(step.state, seat),
        seats=table.seats,
        to_act=table.to_act,
        ui_state="",
        tr=table.tr,
        faces=table.faces,
    )
    panel = ui.render_hand(context)
    texts = [embed.description for embed in panel.embeds if embed.description]
    return texts[0] if texts else panel.content or "—"


def step_embeds(
    game: PastGame, timeline: Timeline, step: Step, ui: GameUI[Any], tr: Texts, faces: CardFaces
) -> list[discord.Embed]:
    """The game's table at the step, then the step told in words with every hand, the cards
    shown by their faces. Where the faces would take the message past Discord's limits, the
    words and hands are told with text faces, then the table too (the table is drawn as the
    live one was as long as it can be: it is what a replay is compared with)."""
    context = table_context(game, timeline, step, seat_infos(game, tr), tr, faces)
    table = draw_fitting(ui.render_table, context).embeds
    replay = _told(game, timeline, step, ui, context)
    if len(faces) > 0 and not fits(Panel(embeds=[*table, replay])):
        text = replace(context, faces=CardFaces())
        replay = _told(game, timeline, step, ui, text)
        if not fits(Panel(embeds=[*table, replay])):
            table = ui.render_table(text).embeds
    embeds = [*table, replay]
    _fit(embeds, replay)
    return embeds


def _told(
    game: PastGame, timeline: Timeline, step: Step, ui: GameUI[Any], table: TableContext[Any]
) -> discord.Embed:
    """The step in words with every hand, the hands not yet cut to Discord's limits (a face cut
    in the middle would show the broken text of its emoji)."""
    tr, seats = table.tr, table.seats
    replay = discord.Embed(
        title=tr(
            "history.replay.title",
            game=game_title(game, tr),
            step=step.number,
            last=timeline.length,
        ),
        description="\n".join(step_words(game, timeline, step, ui, seats, tr, table.faces)),
        colour=discord.Colour.teal(),
    )
    for info in seats:
        name = f"{COMPUTER} {info.name}" if info.is_computer else info.name
        replay.add_field(
            name=name, value=hand_text(timeline.engine, ui, step, info.seat, table), inline=False
        )
    return replay


def _fit(embeds: list[discord.Embed], replay: discord.Embed) -> None:
    """Cut each hand to a field's limit, then the longest hands until the message is within
    Discord's total for embeds."""
    for index, field in enumerate(replay.fields):
        replay.set_field_at(
            index, name=field.name, value=clip(field.value or "", FIELD_LIMIT), inline=False
        )
    while sum(len(embed) for embed in embeds) > EMBED_TOTAL:
        longest = max(
            range(len(replay.fields)), key=lambda index: len(replay.fields[index].value or "")
        )
        field = replay.fields[longest]
        value = field.value or ""
        if len(value) <= 1:
            return
        replay.set_field_at(
            longest, name=field.name, value=clip(value, len(value) // 2), inline=False
        )


def replay_message(
    game: PastGame, timeline: Timeline, step: Step, ui: GameUI[Any], tr: Texts, faces: CardFaces
) -> dict[str, Any]:
    """A replay at one step, with the buttons to move through it and to share the step."""
    view = discord.ui.View(timeout=None)
    number, last = step.number, timeline.length
    moves: list[tuple[str, str, int | None, int]] = [
        ("first", "⏮️", 0, 0),
        ("pturn", "⏪", timeline.previous_turn(number), 0),
        ("prev", "◀️", number - 1, 0),
        ("next", "▶️", number + 1, 0),
        ("nturn", "⏩", timeline.next_turn(number), 0),
        ("last", "⏭️", last, 1),
        ("pround", "⏫", timeline.previous_round(number), 1),
        ("nround", "⏬", timeline.next_round(number), 1),
    ]
    for tag, emoji, target, row in moves:
        if target is None:
            continue
        target = max(0, min(target, last))
        view.add_item(
            ReplayButton(
                game.id,
                target,
                tag,
                tr(f"history.button.{tag}"),
                emoji,
                row=row,
                disabled=target == number,
            )
        )
    view.add_item(ShareButton(game.id, number, tr("history.button.share")))
    view.stop()
    embeds = step_embeds(game, timeline, step, ui, tr, faces)
    return {"content": None, "embeds": embeds, "view": view}


def shared_message(
    game: PastGame,
    timeline: Timeline,
    step: Step,
    ui: GameUI[Any],
    member_id: int,
    tr: Texts,
    faces: CardFaces,
) -> dict[str, Any]:
    """A replay step posted in the channel for everyone, with a button to open the replay."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayOpenButton(game.id, tr("history.button.replay")))
    view.stop()
    content = tr(
        "history.shared", member=mention(member_id), step=step.number, game=game_title(game, tr)
    )
    return {
        "content": content,
        "embeds": step_embeds(game, timeline, step, ui, tr, faces),
        "view": view,
    }
