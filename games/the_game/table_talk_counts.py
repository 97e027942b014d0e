"""Tells a number that counts something from one that names a card, for The Game's talk rule.

The rule forbids card values and hints that let others deduce one, not counts: "je vais poser
deux cartes", "we're three", "back in 5 minutes" reveal no card. A number is a count when the
words around it say what it counts; with nothing to say so, it may name a card and is caught
("le deux", "I have three", "got 3"). The decisions, in one place:

- A number right before a counted noun counts it: cards, piles (plural only: "10 pile" is French
  for "exactly 10"), turns, players, games, times, minutes and other durations, clock hours
  ("21h", "9pm"). Up to two everyday adjectives may stand between ("deux bonnes cartes", "two
  more turns"), and a range's first number counts too ("2 ou 3 cartes"). A digit ordinal before
  such a noun is a count as well ("2nd game", "3e tour"), except before a pile, where the
  detector's own pile-ordinal rule applies.
- Without a noun, a few frames count: "N of us/them/my cards", "N d'entre nous", "nous deux",
  "tous les trois", "on est (que) deux", "we're three", "il m'en reste deux", "j'en ai 3",
  "je peux en poser deux", "il me reste trois", "I have 3 left", "N this turn", "2 par tour",
  and the minimum per turn ("au moins deux", "at least two", "the minimum, two"). These frames
  take small numbers only (up to 8 cards, 10 people, a minimum of 3), so "au moins 40", "on est
  54" and "il reste 40 sur C" stay caught; "au moins" is otherwise how players bound a value.
- Part of an earlier count: "2 sur 3" and "4 piles and 2 are dead" count when the other number
  does.
- A number right after a singular article or possessive ("le", "un", "mon", "this") names a
  card whatever follows ("un 7", "le 2 de A"); "the", "my" and "les" may precede a counted noun
  ("the two piles", "mes 3 cartes"), and "a" too since it is also French "à" ("à 2 joueurs").
  Before a number with no noun, any article names a card ("the 3 left", "a 5").
- "fois" / "times" count only when no number follows: "trois fois sept" is a product.
- A number that is no count is a card value, or a gap between values when the words around it
  measure a distance ("ten below the top", "à 3 du sommet", "descendre de 10"); the notice says
  which, never the number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum

from games.the_game.table_talk_words import ORDINAL_SUFFIXES

__all__ = ["NumberRole", "role_of"]


class NumberRole(StrEnum):
    """What a number says, so the rule can let counts pass and the notice can say why."""

    CARD = "card"  # may name a card: "le 42", "a seven", "deux" alone
    GAP = "gap"  # a distance between values: "ten below the top", "à 3 du sommet"
    COUNT = "count"  # counts something: "deux cartes", "5 min", "on est trois"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words are in the detector's folded form: lower case, no accents, apostrophes split ("d'entre"
# is "d", "entre"; "we're" is "we", "re").
COUNTED = _words(
    "carte cartes card cards piles stacks tas tour tours turn turns manche manches round rounds "
    "joueur joueurs joueuse joueuses player players personnes people ppl gens partie parties "
    "game games match matchs matches victoires wins defaites losses essais tries attempts fois "
    "times coups moves indices hints points pts messages msg min mins minute minutes mn mnt sec "
    "secs seconde secondes second seconds h hr hrs heure heures hour hours jour jours day days "
    "semaines weeks mois months ans years pm am trucs things options choix possibilites "
    "retros tricks"
)
"""Nouns that a number right before them counts. Piles only in the plural: "10 pile" is French
for "exactly 10", and "2 pile" names a pile by a number."""

_MULTIPLIERS = _words("fois times")
"""Counted nouns that also multiply: "trois fois" counts, "trois fois sept" is a product."""

_ADJECTIVES = _words(
    "bonne bonnes petite petites grosse grosses grande grandes haute hautes basse basses autre "
    "autres derniere dernieres premiere premieres nouvelles mauvaises sales toutes tres vraies "
    "montantes descendantes more good small big high low bad other last first new playable "
    "useless extra great nice little tiny huge close decent different full whole down up "
    "ascending descending"
)
"""Words that may stand between a number and what it counts ("deux bonnes cartes")."""

_RANGE = _words("ou or to a - /")
"""Words joining the ends of a range: "2 ou 3 cartes", "two or three cards"."""

_ORDINAL_SUFFIXES = frozenset(ORDINAL_SUFFIXES)

_SINGULAR = _words("le la l un une mon ma ton ta son sa cette an this that")
"""Articles and possessives after which a number names one card ("un 7", "le 2 de A")."""
_SINGULAR_ALONE = _SINGULAR | _words("a ce")
"""The same before a group ("a" is also French "à": "à 2 joueurs" counts, "à 2 du sommet" not)."""
_ANY_DETERMINER = _SINGULAR_ALONE | _words("the my your ur his her our les mes tes ses nos vos")
"""Before a number with no noun, any of these makes it name a card: "the 3 left", "mes 2"."""

_GROUPS = _words("nous vous eux")
_OF_GROUP = _words("us you u them em my our your ur the these those")
_BE_FRAMES = (
    ("est", "on"), ("sera", "on"), ("etait", "on"), ("sommes", "nous"), ("serons", "nous"),
    ("re", "we"), ("are", "we"), ("were", "we"),
)
"""Verbs and subjects, nearest first, of "how many we are": "on est deux", "we're three"."""
_BE_FILLERS = _words("que qu juste seulement only just all")
MAX_PLAYERS = 10
"""The largest head count a "we are N" frame takes (players and onlookers)."""

_EN_PRONOUNS = _words("en jen men nen yen sen")
"""French "en" (of them), also glued as players type it ("jen ai deux")."""
_EN_VERBS = _words(
    "ai a as avons avez ont aura aurai avait avais eu reste restent restera pose poses posez "
    "poser mets met mettre mis joue joues jouez jouer place places placer faut faudra fallait "
    "peux peut pouvons pouvez veux veut dois doit devons vais va vas allons pioche piocher "
    "garde garder gagne perdu"
)
_EN_FILLERS = _words(
    "que qu plus de pas encore juste seulement au moins minimum maximum max mini deja bien "
    "genre facile ne n"
)
_STILL = _words("reste restent")
_STILL_FILLERS = _words("me m te t nous vous lui leur que qu plus encore")

_HAND_FRAMES = (
    ("this", "turn"), ("ce", "tour"), ("cette", "fois"), ("par", "tour"), ("per", "turn"),
    ("a", "turn"), ("each",), ("chacun",), ("chacune",), ("left",),
)
"""What may follow a count of cards with no noun: "3 this turn", "I have 3 left"."""
MAX_HAND = 8
"""The largest hand: counts of cards without a noun ("j'en ai 3", "3 left") go no higher, so
"il reste 40 sur C" stays caught; "il reste 40 cartes" says what it counts."""
_CLOCK_FRAMES = (
    ("tonight",), ("tomorrow",), ("demain",), ("ce", "soir"), ("o", "clock"), ("oclock",),
)
"""What may follow an hour: "at 9 tonight"."""
_OUT_OF = (("sur",), ("of", "out"))
"""Right before the second number of a score ("2 sur 3", "2 out of 3"), nearest first."""

_CONJUNCTIONS = _words("et and mais but")
"""Before part of an earlier count: "4 piles and 2 are dead"."""

_MINIMUM = _words("minimum min mini")
_MINIMUM_PAIRS = (("moins", "au"), ("least", "at"))
_MINIMUM_FILLERS = _words("c est s is , : =")
MAX_MINIMUM = 3
"""The largest minimum per turn (expert mode); "au moins 40" bounds a card value."""

_GAP_AFTER = _words(
    "below above under over higher lower away off apart pres dessous dessus ecart du from"
)
_GAP_NOUNS = _words("gap jump difference apart below above dessous dessus higher lower")
"""After a counted noun, these make the count a distance: "a 10 card gap", "2 cartes d'écart"."""
_GAP_BEFORE = _words("ecart gap within by retro descendre descends reculer recule remonter")

_TOKEN = re.compile(r"[^\W\d_]+|[0-9]+|[^\s\w'\u2019]")
"""Words, digit runs and punctuation marks; apostrophes only split words ("d'entre")."""
_CONTEXT = 48
"""Characters read on each side of a number: enough for every frame above."""

NumberValue = Callable[[str], int | None]
"""The value of a word when it is a number on its own ("3", "trois"), else None."""


class _Context:
    """The words around one number of a folded message."""

    def __init__(
        self, folded: str, start: int, end: int, value: int, number_value: NumberValue
    ) -> None:
        self.folded = folded
        self.value = value
        self.number_value = number_value
        self.before_matches = list(_TOKEN.finditer(folded, max(0, start - _CONTEXT), start))[::-1]
        after = list(_TOKEN.finditer(folded, end, end + _CONTEXT))
        self.before = [m.group() for m in self.before_matches]
        self.after = [m.group() for m in after]
        self.glued = bool(after) and after[0].start() == end

    def before_is(self, *words: str) -> bool:
        return tuple(self.before[:len(words)]) == words

    def after_is(self, *words: str) -> bool:
        return tuple(self.after[:len(words)]) == words

    def before_in(self, words: frozenset[str]) -> bool:
        """Whether the nearest word before is one of `words`."""
        return bool(self.before) and self.before[0] in words

    def after_in(self, words: frozenset[str]) -> bool:
        """Whether the nearest word after is one of `words`."""
        return bool(self.after) and self.after[0] in words


def _skip(words: list[str], fillers: frozenset[str]) -> list[str]:
    i = 0
    while i < len(words) and words[i] in fillers:
        i += 1
    return words[i:]


def _counted_noun(ctx: _Context) -> int | None:
    """Where the noun a number counts stands among the words after it: "deux cartes",
    "2 ou 3 cartes", "two more turns", "3e tour", "21h", "5mn"; None when there is none."""
    after = ctx.after
    i = 0
    if ctx.glued and after[0] in _ORDINAL_SUFFIXES and after[0] not in COUNTED:
        i = 1
    if len(after) > i + 1 and after[i] in _RANGE:
        upper = ctx.number_value(after[i + 1])
        if upper is not None and upper > ctx.value:
            i += 2
    for j in range(i, min(i + 3, len(after))):
        word = after[j]
        if word in _MULTIPLIERS:
            product = j + 1 < len(after) and ctx.number_value(after[j + 1]) is not None
            return None if product else j
        if word in COUNTED:
            return j
        if word not in _ADJECTIVES:
            return None
    return None


def _counts_a_group(ctx: _Context) -> bool:
    """"N of us", "N d'entre nous", "nous deux", "tous les trois", "on est que deux"."""
    if ctx.after[:1] == ["of"] and ctx.after[1:2] and ctx.after[1] in _OF_GROUP:
        return True
    if ctx.after_is("d", "entre") or ctx.before_in(_GROUPS):
        return True
    if ctx.before_is("les", "tous") or ctx.before_is("les", "toutes"):
        return True
    subject = _skip(ctx.before, _BE_FILLERS)
    return ctx.value <= MAX_PLAYERS and any(
        tuple(subject[:len(frame)]) == frame for frame in _BE_FRAMES
    )


def _counts_what_is_left(ctx: _Context) -> bool:
    """"j'en ai deux", "je peux en poser plus de 2", "il me reste trois", "I have 3 left"."""
    if ctx.value > MAX_HAND:
        return False
    if any(ctx.after_is(*frame) for frame in _HAND_FRAMES):
        return True
    for i, word in enumerate(ctx.before[:5]):
        if word in _EN_PRONOUNS:
            between = ctx.before[:i]
            return any(w in _EN_VERBS for w in between)
        if word not in _EN_VERBS and word not in _EN_FILLERS:
            break
    rest = _skip(ctx.before, _STILL_FILLERS)
    return bool(rest) and rest[0] in _STILL


def _counts_the_minimum(ctx: _Context) -> bool:
    """"au moins deux", "at least 2", "the minimum, two", "minimum 2", "deux minimum"."""
    if ctx.value > MAX_MINIMUM:
        return False
    if ctx.after_in(_MINIMUM) or any(ctx.before_is(*pair) for pair in _MINIMUM_PAIRS):
        return True
    rest = _skip(ctx.before, _MINIMUM_FILLERS)
    return bool(rest) and rest[0] in _MINIMUM


def _earlier_count(ctx: _Context, skip: int, upto: int) -> int | None:
    """The value of the nearest number among the words before, from the `skip`-th one to the
    `upto`-th, when it counts something on its own; None otherwise."""
    for match in ctx.before_matches[skip:upto]:
        value = ctx.number_value(match.group())
        if value is not None:
            earlier = _Context(ctx.folded, match.start(), match.end(), value, ctx.number_value)
            return value if _role(earlier, nested=True) is NumberRole.COUNT else None
    return None


def _ends_a_count(ctx: _Context) -> bool:
    """An hour ("at 9 tonight"), the minutes of "21h30", the total of "2 sur 3", and part of
    an earlier count ("4 piles and 2 are dead", "3 cartes pour A et 2 pour B")."""
    if ctx.before_is("h") and ctx.before[1:2] and ctx.before[1].isdigit():
        return True
    if ctx.value <= 24 and any(ctx.after_is(*frame) for frame in _CLOCK_FRAMES):
        return True
    for frame in _OUT_OF:
        if ctx.before_is(*frame):
            part = _earlier_count(ctx, len(frame), len(frame) + 1)
            return part is not None and part < ctx.value
    if ctx.before_in(_CONJUNCTIONS):
        whole = _earlier_count(ctx, 1, 6)
        return whole is not None and whole >= ctx.value
    return False


def _is_gap(ctx: _Context) -> bool:
    """"ten below the top", "à 3 du sommet", "descendre de 10", "un écart de 4", "gap of 4"."""
    if ctx.after_in(_GAP_AFTER) or ctx.after_is("d", "ecart"):
        return True
    before = ctx.before[1:] if ctx.before[:1] in (["de"], ["of"]) else ctx.before
    return bool(before) and before[0] in _GAP_BEFORE


def _role(ctx: _Context, nested: bool) -> NumberRole:
    """`nested` when asked about an earlier number for `_ends_a_count`: that one is judged on
    its own, so a long chain of numbers costs one look back each."""
    first = ctx.before[0] if ctx.before else ""
    noun = None if first in _SINGULAR else _counted_noun(ctx)
    if noun is not None:
        measured = ctx.after[noun + 1:noun + 3]
        gap = measured == ["d", "ecart"] or (bool(measured) and measured[0] in _GAP_NOUNS)
        return NumberRole.GAP if gap else NumberRole.COUNT
    if first not in _SINGULAR_ALONE and _counts_a_group(ctx):
        return NumberRole.COUNT
    if first not in _ANY_DETERMINER and (
        _counts_what_is_left(ctx)
        or _counts_the_minimum(ctx)
        or (not nested and _ends_a_count(ctx))
    ):
        return NumberRole.COUNT
    return NumberRole.GAP if _is_gap(ctx) else NumberRole.CARD


def role_of(folded: str, start: int, end: int, value: int, number_value: NumberValue) -> NumberRole:
    """The role of the number `value` written at `folded[start:end]`, in a message folded by the
    detector (lower case, no accents, ASCII digits); `number_value` reads neighbouring words
    that are numbers ("2 ou 3 cartes")."""
    return _role(_Context(folded, start, end, value, number_value), nested=False)
