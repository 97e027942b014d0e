"""Bring the application's emojis in line with the faces the games draw, at every start.

An emoji's name is the face's key and the first digits of its PNG's SHA-256 (`tg_57_1a2b3c4`):
Discord returns an emoji's name and id but not its image (that would be one CDN download per
emoji at every start), so the name carries what is needed to tell whether the face changed, and
nothing has to be stored beside the bot: a test application and the real one each find their own
ids. At a start:

- an emoji named exactly as a face is now is kept and shown;
- a face without one is created (a design change gives a new hash, so a new emoji), and then the
  emojis of its key with another hash, the old design, are deleted;
- every other emoji of the application (a name whose key is not a face's) is left alone.

The upload runs in the background (see `CardTableBot.setup_hook`): each face is shown as an
emoji as soon as it lands, and as text until then. discord.py waits out Discord's rate limits
(429) itself and retries server errors; a face Discord still refuses is logged, shown as text,
and created at the next start.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

from bot.faces.drawing import MAX_BYTES, MAX_KEY, Face, digest, png
from bot.faces.emojis import CardFaces

log = logging.getLogger(__name__)

KEY = re.compile(rf"[a-z0-9_]{{2,{MAX_KEY}}}")
NAME = re.compile(r"(?P<key>[a-z0-9_]+)_(?P<digest>[0-9a-f]{7})")


def emoji_name(face: Face) -> str:
    return f"{face.key}_{digest(face.drawing)}"


def check_faces(faces: Sequence[Face]) -> None:
    """Refuse what Discord would refuse, or what would confuse two faces, before any upload."""
    keys = [face.key for face in faces]
    if len(set(keys)) != len(keys):
        raise ValueError("two faces share a key")
    for face in faces:
        if not KEY.fullmatch(face.key):
            raise ValueError(f"face key {face.key!r} is not 2-{MAX_KEY} of [a-z0-9_]")
        if len(png(face.drawing)) > MAX_BYTES:
            raise ValueError(f"face {face.key} is over Discord's {MAX_BYTES} bytes")


@dataclass
class UploadReport:
    """What one start did, for the log and the tests."""

    kept: int = 0
    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


async def upload_faces(
    client: discord.Client, faces: Sequence[Face], shown: CardFaces
) -> UploadReport:
    check_faces(faces)
    report = UploadReport()
    by_key = {face.key: face for face in faces}
    current: dict[str, discord.Emoji] = {}
    outdated: dict[str, list[discord.Emoji]] = {}
    for emoji in await client.fetch_application_emojis():
        match = NAME.fullmatch(emoji.name)
        if match is None or match["key"] not in by_key:
            continue
        key = match["key"]
        if emoji.name == emoji_name(by_key[key]) and key not in current:
            current[key] = emoji
            shown.add(key, emoji)
        else:
            outdated.setdefault(key, []).append(emoji)
    report.kept = len(current)
    present = set(current)
    for face in faces:
        if face.key in current:
            continue
        name = emoji_name(face)
        try:
            emoji = await client.create_application_emoji(name=name, image=png(face.drawing))
        except discord.HTTPException as error:
            log.warning("could not upload the face %s (%s); it shows as text", name, error)
            report.failed.append(name)
            continue
        shown.add(face.key, emoji)
        report.created.append(name)
        present.add(face.key)
    for key, emojis in outdated.items():
        if key not in present:
            continue
        for emoji in emojis:
            try:
                await emoji.delete()
            except discord.HTTPException as error:
                log.warning("could not delete the old face %s (%s)", emoji.name, error)
                continue
            report.deleted.append(emoji.name)
    log.info(
        "card faces: %d kept, %d created, %d replaced, %d failed",
        report.kept,
        len(report.created),
        len(report.deleted),
        len(report.failed),
    )
    return report
