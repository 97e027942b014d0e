"""Leaderboard and statistics lines, in the reader's language. Members are shown as mentions:
Discord renders them as names without notifying anybody, and the bot needs no member list.

A cooperative game words its own figures: its catalog area (`area`, the key with `-` as `_`)
holds `leaderboard.mode.<mode>`, `leaderboard.score` (a team's score, plural forms),
`leaderboard.player_row` and `leaderboard.stats`, filled with the same placeholders for every
game."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_limits import FIELD_LIMIT
from bot.i18n import Texts
from bot.stats.profile import Profile
from bot.stats.standings import CoopPlayer, Ranked, RatedPlayer, TeamResult
from games.core.game_type import GameType


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def date(timestamp: float) -> str:
    """A Discord timestamp: every reader sees the date in their own locale and time zone."""
    return f"<t:{int(timestamp)}:d>"


def decimal(value: float, tr: Texts) -> str:
    """An average or a rating as the reader writes decimals: 2.5 in English, 2,5 in French."""
    return str(value).replace(".", tr("leaderboard.decimal_mark"))


def percent(rate: float) -> str:
    return str(round(rate * 100))


def counted(what: str, n: int, tr: Texts) -> str:
    """ "1 game", "3 games"."""
    return tr.plural(f"leaderboard.count.{what}", n)


def players_text(players: int, tr: Texts) -> str:
    return tr("leaderboard.solo") if players == 1 else tr("leaderboard.players", n=players)


def category(team: TeamResult, area: str, tr: Texts) -> str:
    return tr(
        "leaderboard.category",
        players=players_text(team.players, tr),
        mode=tr(f"{area}.leaderboard.mode.{team.mode}"),
    )


def score_text(game_key: str, score: int, tr: Texts) -> str:
    """A competitive score as the game words it (`<area>.result_score`: "level 8", "12
    points"), else the bare number."""
    unit = f"{game_key.replace('-', '_')}.result_score"
    return tr.plural(unit, score) if tr.has(f"{unit}.one") else str(score)


def team_result(score: int, area: str, tr: Texts) -> str:
    if score == 0:
        return tr("leaderboard.victory")
    return tr.plural(f"{area}.leaderboard.score", score)


def team_line(entry: Ranked[TeamResult], area: str, tr: Texts) -> str:
    team = entry.row
    names = [mention(user) for user in team.members]
    names += [tr("leaderboard.former_player")] * team.anonymous
    if team.computers:
        names.append(tr("leaderboard.computers", n=team.computers))
    return tr(
        "leaderboard.team_row",
        rank=entry.rank,
        result=team_result(team.score, area, tr),
        names=", ".join(names),
        date=date(team.ended_at),
    )


def marker(with_computers: int, tr: Texts) -> str:
    return tr("leaderboard.marker") if with_computers else ""


def coop_figures(row: CoopPlayer, tr: Texts) -> dict[str, str | int]:
    """The placeholders of a game's `player_row` and `stats` lines."""
    return {
        "victories": counted("victories", row.victories, tr),
        "excellent": counted("excellent", row.excellent, tr),
        "games": counted("games", row.games, tr),
        "average": decimal(row.average, tr),
        "best": row.best,
    }


def coop_line(entry: Ranked[CoopPlayer], area: str, tr: Texts) -> str:
    row = entry.row
    return tr(
        f"{area}.leaderboard.player_row",
        rank=entry.rank,
        name=mention(row.user_id),
        marker=marker(row.with_computers, tr),
        **coop_figures(row, tr),
    )


def rating(row: RatedPlayer, tr: Texts, *, provisional: bool = False) -> str:
    """A player's rating; `provisional` marks it as such, for a member with fewer games than the
    server's minimum (early games move it a lot) shown where nothing else says so."""
    key = "leaderboard.rating_provisional" if provisional else "leaderboard.rating"
    return tr(key, points=row.rating)


def rating_line(entry: Ranked[RatedPlayer], tr: Texts) -> str:
    row = entry.row
    return tr(
        "leaderboard.rating_row",
        rank=entry.rank,
        name=mention(row.user_id),
        rating=rating(row, tr),
        games=counted("games", row.games, tr),
        wins=counted("wins", row.wins, tr),
        rate=percent(row.win_rate),
        marker=marker(row.with_computers, tr),
    )


def unranked_lines(rows: Sequence[RatedPlayer], tr: Texts) -> str:
    """The members below the minimum, one per line with their rating and count of games (the
    field's title says that these ratings are provisional): as many as an embed field holds,
    then how many more there are."""
    lines = [
        tr(
            "leaderboard.unranked_row",
            name=mention(row.user_id),
            rating=rating(row, tr),
            games=counted("games", row.games, tr),
        )
        for row in rows
    ]

    def text(shown: int) -> str:
        more = [tr("leaderboard.unranked_more", n=len(lines) - shown)] if shown < len(lines) else []
        return "\n".join([*lines[:shown], *more])

    shown = len(lines)
    while shown and len(text(shown)) > FIELD_LIMIT:
        shown -= 1
    return text(shown)


def profile_lines(found: Profile, game: GameType, tr: Texts) -> list[str]:
    """The member's last results (newest first), best score and winning streaks in one game."""
    own = game.key.replace("-", "_")

    def score(value: int) -> str:
        return team_result(value, own, tr) if game.cooperative else score_text(game.key, value, tr)

    lines = [tr("leaderboard.profile.recent")]
    for past, seat in found.recent:
        key = "leaderboard.profile.won" if seat.won else "leaderboard.profile.lost"
        lines.append(tr(key, id=past.game_id, date=date(past.ended_at), score=score(seat.score)))
    lines.append(tr("leaderboard.profile.best", score=score(found.best)))
    lines.append(
        tr(
            "leaderboard.profile.streaks",
            current=found.current_streak,
            longest=found.longest_streak,
        )
    )
    return lines
