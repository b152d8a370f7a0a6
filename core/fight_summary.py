"""The summary of a fight (issue 38 item 5): for each combatant, the damage dealt and taken, the
mooks felled, the spells cast and the pm spent, the shadow and the stigmata gained; and the rounds.

A pure function of the journal (:func:`fight_summary`): each action played while the fight was
on is compared with the state before it. HP a character lost is damage it took; when the action
names who struck (an attack's ``attacker``, a defence's attacker, a spell's caster), it is damage
that one dealt; mooks a group lost are mooks felled by the one who struck. Damage with nobody
named (a plain *damage* action, a group's attack) is taken, dealt by nobody. pm lost are pm spent
(a spell, exhaustion, the GM's adjustment); shadow and stigmata gained are the rises of the
counter and of the marks held. Each figure carries its breakdown lines (by round and other
party), as every result of the app does.

What the players may read goes through the same rules as every log line
(:func:`core.players_log.players_lines`, one line at a time): :func:`log_lines` gives the GM's
lines and, for each, the players' words, which count only what the players could see when it
happened: nothing about a combatant hidden then or now, and damage dealt only to combatants whose
HP (or mooks standing) the players see exactly. A hidden combatant's lines, an NPC's numbers
(unless shown exactly), a private PC's pm, shadow and stigmata, the rounds while the round
counter is hidden: kept from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from core.breakdown import Line, line
from core.campaign import Campaign, changed_characters
from core.mooks import MookGroup
from core.roster import Character
from core.visibility import Shown, kind_of

if TYPE_CHECKING:
    from core.actions.base import Action
    from core.journal import Journal

#: A step of the fight: the campaign before an action, the action, the campaign after it.
Step = tuple[Campaign, "Action", Campaign]


@attrs.frozen
class Figure:
    """A number and the lines that explain it."""

    value: int = 0
    breakdown: tuple[Line, ...] = ()

    def plus(self, amount: int, why: Line) -> Figure:
        return Figure(self.value + amount, (*self.breakdown, why))


@attrs.frozen
class Combatant:
    """One combatant's figures. ``kind``: ``pc``, ``npc`` or ``group`` (a group's ``taken`` is
    in mooks, not HP)."""

    key: str
    name: str
    kind: str
    dealt: Figure = Figure()
    taken: Figure = Figure()
    #: Armour points it took off others / lost itself (damage eats armour before HP).
    dealt_armour: Figure = Figure()
    taken_armour: Figure = Figure()
    felled: Figure = Figure()
    spells: Figure = Figure()
    pm: Figure = Figure()
    shadow: Figure = Figure()
    stigmata: Figure = Figure()

    @property
    def magic(self) -> bool:
        """Whether it cast, spent pm or gained shadow or stigmata."""
        return any(f.value for f in (self.spells, self.pm, self.shadow, self.stigmata))


@attrs.frozen
class FightSummary:
    encounter: str
    name: str
    rounds: int
    combatants: tuple[Combatant, ...] = ()

    def of(self, key: str) -> Combatant | None:
        return next((c for c in self.combatants if c.key == key), None)


def striker(action: object) -> str | None:
    """Who struck in ``action``: its attacker, or a spell's caster."""
    for field in ("attacker", "caster"):
        who = getattr(action, field, None)
        if isinstance(who, str):
            return who
    return None


def _changed(before: Campaign, after: Campaign, keys: Iterable[str]) -> Iterator[str]:
    """The participants whose character or group ``after`` replaced."""
    chars: frozenset[str] | None = frozenset()
    if before.roster is not after.roster:
        chars = changed_characters(before, after)
    for key in keys:
        b, a = before.find(key), after.find(key)
        if b is a:
            continue
        if isinstance(b, Character) and chars is not None and key not in chars:
            continue
        yield key


def _hidden(campaign: Campaign, key: str) -> bool:
    found = campaign.find(key)
    return found is None or found.hidden


def _exact(campaign: Campaign, key: str) -> bool:
    found = campaign.find(key)
    return found is not None and campaign.visibility.shown(key, kind_of(found)) is Shown.EXACT


def _seen(step: Step, end: Campaign, key: str, *, exactly: bool = False) -> bool:
    """Whether the players saw ``key`` in this step (not hidden before, after, nor at the end),
    and, with ``exactly``, its numbers (HP or mooks shown exactly then and at the end)."""
    states = (step[0], step[2], end)
    if any(_hidden(s, key) for s in states):
        return False
    return not exactly or all(_exact(s, key) for s in states)


class _Tally:
    """The figures being counted, by combatant and figure name."""

    def __init__(self, end: Campaign, *, players: bool) -> None:
        self.end = end
        self.players = players
        self.figures: dict[str, dict[str, Figure]] = {}

    def add(self, key: str, figure: str, amount: int, why: Line) -> None:
        mine = self.figures.setdefault(key, {})
        mine[figure] = mine.get(figure, Figure()).plus(amount, why)

    def step(self, step: Step) -> None:
        """Count what ``step`` did."""
        before, action, after = step
        enc = before.encounter
        r = enc.round if enc is not None else 1
        who = striker(action)
        if who is not None and (not before.has(who) or (self.players and not _seen(step, self.end, who))):
            who = None
        if type(action).__name__ == "CastSpell" and who is not None:
            self.add(who, "spells", 1, line(f"round {r}: a spell", f"round {r} : un sort"))
        for key in _changed(before, after, enc.keys if enc is not None else ()):
            if not self.players or _seen(step, self.end, key):
                self.one(step, key, r, who)

    def one(self, step: Step, key: str, r: int, who: str | None) -> None:
        """Count what ``step`` did to ``key`` (in round ``r``; ``who`` struck, if named)."""
        before, _, after = step
        b, a = before.find(key), after.find(key)
        by = before.name_of(who) if who is not None else "?"
        # the one who struck is credited with what the players saw exactly (all, for the GM)
        credited = who is not None and who != key and (not self.players or _seen(step, self.end, key, exactly=True))
        victim = before.name_of(key)
        if isinstance(b, MookGroup) and isinstance(a, MookGroup):
            lost = b.standing - a.standing
            if lost > 0:
                self.add(key, "taken", lost, line(f"round {r}: {by} {lost}", f"round {r} : {by} {lost}"))
                if credited:
                    self.add(who, "felled", lost, line(f"round {r}: {victim} {lost}", f"round {r} : {victim} {lost}"))  # type: ignore[arg-type]
            return
        if not (isinstance(b, Character) and isinstance(a, Character)):
            return
        for taken, dealt, lost in (
            ("taken", "dealt", b.hp - a.hp),
            ("taken_armour", "dealt_armour", b.armour - a.armour),
        ):
            if lost > 0:
                self.add(key, taken, lost, line(f"round {r}: {by} {lost}", f"round {r} : {by} {lost}"))
                if credited:
                    self.add(who, dealt, lost, line(f"round {r}: {victim} {lost}", f"round {r} : {victim} {lost}"))  # type: ignore[arg-type]
        gains = (
            ("pm", b.pm - a.pm),
            ("shadow", (a.shadow_value or 0) - (b.shadow_value or 0)),
            ("stigmata", len(a.shadow.stigmata if a.shadow else ()) - len(b.shadow.stigmata if b.shadow else ())),
        )
        for figure, amount in gains:
            if amount > 0:
                self.add(
                    key, figure, amount, line(f"round {r}: {amount}" if figure == "pm" else f"round {r}: +{amount}")
                )


def fight_summary(steps: Sequence[Step], *, players: bool = False) -> FightSummary | None:
    """The summary of the fight active before the last of ``steps``, from the steps played while
    it was on (None when no step was). ``players``: as the players could see it (module doc)."""
    enc_id = steps[-1][0].active if steps else None
    mine = [s for s in steps if s[0].active == enc_id] if enc_id is not None else []
    if not mine:
        return None
    end = steps[-1][0]
    enc = end.encounter
    assert enc is not None
    tally = _Tally(end, players=players)
    for step in mine:
        tally.step(step)
    combatants = []
    for key in enc.keys:
        found = end.find(key)
        if found is None or (players and not _seen(mine[-1], end, key)):
            continue
        kind = "group" if isinstance(found, MookGroup) else "pc" if found.pc else "npc"
        combatants.append(Combatant(key, found.name, kind, **tally.figures.get(key, {})))
    return FightSummary(enc.id, enc.name, enc.round, tuple(combatants))


def journal_steps(journal: Journal) -> list[Step]:
    """Every step the journal holds, oldest first."""
    out: list[Step] = []
    before = journal.base
    for i, entry in enumerate(journal.done):
        after = journal.state_after(i)
        out.append((before, entry.action, after))
        before = after
    return out


def summary_of(journal: Journal, *, players: bool = False) -> FightSummary | None:
    """The summary of the fight under way in ``journal``, or of the last one it ended."""
    steps = journal_steps(journal)
    if journal.campaign.active is not None:
        return fight_summary([*steps, (journal.campaign, cast("Action", _NOTHING), journal.campaign)], players=players)
    for at in range(len(steps) - 1, -1, -1):
        if steps[at][1].ENDS_FIGHT:
            return fight_summary(steps[: at + 1], players=players)
    return None


class _Nothing:
    """A step that does nothing: the end of the steps of a fight still under way."""

    ENDS_FIGHT = False


_NOTHING = _Nothing()


def heading(summary: FightSummary, *, rounds: bool = True) -> Line:
    """The summary's first line: the fight and (``rounds``) how many rounds it lasted."""
    if not rounds:
        return line(f"Summary of {summary.name}", f"Bilan de {summary.name}")
    return line(
        f"Summary of {summary.name}: {summary.rounds} round(s)",
        f"Bilan de {summary.name} : {summary.rounds} round(s)",
    )


def combat_line(c: Combatant) -> Line:
    """What it did and took, in one line."""
    if c.kind == "group":
        return line(
            f"{c.name}: {c.taken.value} mook(s) fell",
            f"{c.name} : {c.taken.value} sbire(s) tombé(s)",
        )
    return line(
        f"{c.name}: dealt {c.dealt.value} HP{_armour(c.dealt_armour, 'en')}, "
        f"took {c.taken.value} HP{_armour(c.taken_armour, 'en')}, felled {c.felled.value} mook(s)",
        f"{c.name} : {c.dealt.value} PV infligés{_armour(c.dealt_armour, 'fr')}, "
        f"{c.taken.value} PV subis{_armour(c.taken_armour, 'fr')}, {c.felled.value} sbire(s) abattu(s)",
    )


def _armour(figure: Figure, lang: str) -> str:
    """`` (+N armour)`` after an HP figure, when armour took some of the damage."""
    if not figure.value:
        return ""
    return f" (+{figure.value} armour)" if lang == "en" else f" (+{figure.value} d'armure)"


def magic_line(c: Combatant) -> Line:
    """Its spells, pm, shadow and stigmata, in one line."""
    return line(
        f"{c.name}: {c.spells.value} spell(s) cast, {c.pm.value} pm spent, "
        f"shadow +{c.shadow.value}, stigmata +{c.stigmata.value}",
        f"{c.name} : {c.spells.value} sort(s) lancé(s), {c.pm.value} pm dépensés, "
        f"ombre +{c.shadow.value}, stigmates +{c.stigmata.value}",
    )


def summary_lines(summary: FightSummary) -> list[tuple[str | None, Line]]:
    """The summary's lines for the log: (whose, the line); the heading's whose is None. A
    combatant with nothing to its name (no damage, no mook, no spell, no shadow) has none."""
    out: list[tuple[str | None, Line]] = [(None, heading(summary))]
    for c in summary.combatants:
        if not (
            c.dealt.value or c.taken.value or c.dealt_armour.value or c.taken_armour.value or c.felled.value or c.magic
        ):
            continue  # took no part: nothing to tell
        out.append((c.key, combat_line(c)))
        if c.magic:
            out.append((c.key, magic_line(c)))
    return out


def log_lines(steps: Sequence[Step]) -> list[tuple[Line, Line | None]]:
    """The lines the end of the fight adds to the log (``steps``: those the journal holds, the
    fight's end last): each GM line with the players' words for it, counted as they could see it
    (None: a combatant they did not see)."""
    gm = fight_summary(steps)
    if gm is None:
        return []
    theirs = fight_summary(steps, players=True)
    assert theirs is not None
    told = {whose for whose, _ in summary_lines(theirs)}
    out: list[tuple[Line, Line | None]] = []
    for whose, ln in summary_lines(gm):
        if whose is None:  # the rounds, unless the GM hides the round counter
            out.append((ln, heading(theirs, rounds=all(s.visibility.round_counter for s in steps[-1][::2]))))
            continue
        seen = theirs.of(whose)
        if seen is None or whose not in told:
            out.append((ln, None))
        else:
            out.append((ln, combat_line(seen) if ln == combat_line(gm.of(whose)) else magic_line(seen)))  # type: ignore[arg-type]
    return out
