"""A computer player that plays for its level and against everybody else's (issue 15).

It reads only its view: its hand, the displays, the discard tops and the recent public events.
What each idea gained, measured against `baseline`, is in `games/level8/README.md`.

- Card counting (`Knowledge`): a card seen in a display, on or under a discard pile since the
  pile was last rebuilt, or taken from a discard pile by another seat cannot be drawn from the
  pile; a card another seat took from a discard pile and has not shown since is in its hand.
- Denial (`Opponents`): every card it throws away can be taken by any other seat, and a taken
  card that brings a level closer is worth several blind draws. So it deals each opponent
  still short of its level a few hands consistent with what it knows (the cards it saw them
  take plus unseen cards, pruned as a player keeping its level's cards would have) and counts
  how often a card would bring that level closer; among the cards it can spare equally well it
  throws the least useful one. A card a displayed opponent could lay off is never thrown
  while another will do.
- Dead cards (`dead_cards`): once displayed, a hand shrinks only by lay-offs, so before displaying
  it keeps the spare cards that will fit its display (or the table) and takes a discard top
  that turns a dead card into a fitting one; a top that brings the level closer comes first.
  A top the discard would throw straight back is left for a pile draw (`_throws_back`).
- Open runs (`_open_display`): a run completed with wilds is displayed where both ends stay
  open, and a wild laid off on a run goes to the end the hand, then the unseen cards, follow.
- Colour groups (`choose_display`): a colour group takes every hand card of its colour, now
  and later, so it is displayed in the colour that leaves the fewest cards fitting nowhere.
- Once displayed it draws a discard top that fits (after its own lay-offs), lays off every
  number card it can and throws away the card furthest from fitting (`distance_to_table`,
  `DEAD_STEPS`), the opponents' least wanted first. A Skip goes to the most dangerous opponent,
  among equals the one playing soonest after it.
- Wilds wait (`lay_off_now`): once displayed, a wild fits somewhere until the round ends and
  only the turn of the last card counts, so it stays in the hand, its meaning chosen later,
  until it and the other held wilds reach a hand card on a run or the hand can go out; it
  takes a discard top as many steps beyond a run end as it holds wilds to bridge the gap.
- Hard side keep (`choose_keep`): the plan's cards all count alike once four are kept, so the four
  kept are those that leave the fewest cards missing with the next round's fresh cards.

This module only routes a decision by phase; each concern has its module beside it:
`card_counting` (knowledge and the opponents' sampled hands), `table_fit` (how far a card is
from fitting), `displays`, `lay_offs_and_skips`, `draws_and_discards` and `keep`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.level8.actions import Action, Discard, DisplayLevel, LayOff, PlaySkip
from games.level8.policies.card_counting import Knowledge
from games.level8.policies.displays import choose_display
from games.level8.policies.draws_and_discards import choose_discard, choose_draw
from games.level8.policies.keep import choose_keep
from games.level8.policies.lay_offs_and_skips import lay_off_now, lay_off_value, skip_value
from games.level8.state import Phase
from games.level8.view import Level8View


class HeuristicPolicy:
    name = "heuristic"

    def choose(self, view: Level8View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert view.seat is not None and view.hand is not None
        me = view.players[view.seat]
        hand = view.hand
        if view.phase is Phase.KEEP:
            return choose_keep(view, hand, me.requirements, legal, rng)
        if view.phase is Phase.DRAW:
            return choose_draw(view, me, hand, legal)
        displays = [a for a in legal if isinstance(a, DisplayLevel)]
        if displays:
            return choose_display(view, displays[0], me.requirements, hand, Knowledge(view))
        lay_offs = [a for a in legal if isinstance(a, LayOff) and lay_off_now(view, hand, a)]
        if lay_offs:
            knowledge = Knowledge(view)
            return max(lay_offs, key=lambda a: lay_off_value(view, hand, a, knowledge))
        skips = [a for a in legal if isinstance(a, PlaySkip)]
        if skips and len(hand) > 1:
            return max(skips, key=lambda a: skip_value(view, a.target))
        return Discard(card=choose_discard(view, me, hand, rng))
