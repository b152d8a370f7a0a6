"""The Mage tab (RULES 2, :mod:`core.mage`): what an effect takes, and its odds, as the GM types.

Seven one-line rows of fields (numbers, and the tables' rows as choices: ←/→ or space change
them; a count typed on the targets or the radius picks the row that covers it), a row of
counter-magic against another's effect (its line: ``calc spell mage-counter``'s), a hint line
that says what the field in focus takes, the summary and the breakdown (which alone scrolls: the
fields and the summary fit 80×24). Nothing is cast: Mage casters are not in
the Apothéose roster; the campaign gives only the house rules ``mage_ones_cancel``,
``mage_scope_separate`` and ``mage_counter_flat``.
"""

from __future__ import annotations

from typing import Any

from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.mage import (
    SCOPE_STEPS,
    Connection,
    Duration,
    MageEffect,
    MageSpell,
    assistants_of,
    counter_magic,
    mage_spell,
    percent,
)
from core.spellbook.mage import MageInputs
from tui.i18n import Said, t
from tui.i18n import refused as refusal
from tui.spells.description import (
    Choice,
    Fields,
    Line,
    Mode,
    Number,
    Pair,
    Row,
    Scored,
    Scroll,
    SpellDescription,
    Text,
    Values,
    Words,
    in_both,
    parsed,
    refused,
)

#: Each field's label and what it takes, on the hint line while it has the focus (and as its
#: tooltip): a range written out ("1 to 10") reads as a range, never as a value typed.
LABELS: dict[str, str] = {
    "sphere": "mage.label.sphere", "needed": "mage.label.needed", "arete": "mage.label.arete",
    "resistance": "mage.label.resistance", "attribute": "mage.label.attribute", "ability": "mage.label.ability",
    "power": "mage.label.power", "connection": "mage.label.connection", "difficulty": "mage.label.difficulty",
    "quintessence": "mage.label.quintessence", "avatar": "mage.label.avatar", "as_difficulty": "mage.label.as_difficulty",
    "paradox_pool": "mage.label.paradox_pool", "paradox_rolls": "mage.label.paradox_rolls", "willpower": "mage.label.willpower",
    "foci": "mage.label.foci", "assistants": "mage.label.assistants", "acolytes": "mage.label.acolytes",
    "counter_pool": "mage.label.counter_pool", "counter_against": "mage.label.counter_against", "counter_rolled": "mage.label.counter_rolled",
    "counter_quintessence": "mage.label.counter_quintessence", "counter_difficulty": "mage.label.counter_difficulty",
    "counter_opposed": "mage.label.counter_opposed",
}  # fmt: skip
HINTS: dict[str, str] = {
    "sphere": "mage.hint.sphere",
    "needed": "mage.hint.needed",
    "arete": "mage.hint.arete",
    "resistance": "mage.hint.resistance",
    "rote": "mage.hint.rote",
    "attribute": "mage.hint.attribute",
    "ability": "mage.hint.ability",
    "power": "mage.hint.power",
    "targets": "mage.hint.targets",
    "radius": "mage.hint.radius",
    "duration": "mage.hint.duration",
    "connection": "mage.hint.connection",
    "difficulty": "mage.hint.difficulty",
    "quintessence": "mage.hint.quintessence",
    "avatar": "mage.hint.avatar",
    "as_difficulty": "mage.hint.as_difficulty",
    "paradox": "mage.hint.paradox",
    "paradox_pool": "mage.hint.paradox_pool",
    "paradox_rolls": "mage.hint.paradox_rolls",
    "willpower": "mage.hint.willpower",
    "foci": "mage.hint.foci",
    "assistants": "mage.hint.assistants",
    "acolytes": "mage.hint.acolytes",
    "counter_pool": "mage.hint.counter_pool",
    "counter_against": "mage.hint.counter_against",
    "counter_rolled": "mage.hint.counter_rolled",
    "counter_quintessence": "mage.hint.counter_quintessence",
    "counter_difficulty": "mage.hint.counter_difficulty",
    "counter_opposed": "mage.hint.counter_opposed",
}
#: The hint line while no field has the focus: the ranges.
RANGES = "mage.ranges"


def _counted(key: str, n: int, row: int) -> Pair:
    """``3 targets +2``, ``radius 10 m +1``: a scope's row and what it costs."""
    return in_both(key, n=n, s="s" if n > 1 else "", cost=f" +{row}" if row else "")


#: The choices, each labelled with what it costs (extra successes).
MODES = ((False, "mage.modes.false"), (True, "mage.modes.true"))
TARGETS = tuple((n, _counted("mage.count.targets", n, row)) for row, n in enumerate(SCOPE_STEPS))
RADII = tuple((n, _counted("mage.count.radius", n, row)) for row, n in enumerate(SCOPE_STEPS))
DURATIONS = ((Duration.scene, "mage.durations.scene"),) + tuple(
    (d, (f"{d.label('en')} +{d.row}", f"{d.label('fr')} +{d.row}")) for d in list(Duration)[1:]
)
CONNECTIONS: tuple[tuple[Connection | None, Said], ...] = (
    (None, "mage.connections.none"),
    *((c, (f"{c.label('en')} +{c.row}", f"{c.label('fr')} +{c.row}")) for c in Connection if c.row is not None),
    (Connection.unknown, "mage.connections.unknown"),
)
PARADOX = (
    ("none", "mage.paradox.none"),
    ("witnesses", "mage.paradox.witnesses"),
    ("vulgar", "mage.paradox.vulgar"),
    ("sleepers", "mage.paradox.sleepers"),
)


def number(name: str, placeholder: str = "", classes: str = "") -> Number:
    return Number(name, LABELS[name], placeholder, r"\d{0,2}", classes=classes, hint=HINTS[name])


def choice(name: str, choices: tuple[tuple[Any, Said], ...], value: object, widget: str | None = None) -> Choice:
    return Choice(name, choices, value, HINTS[name], widget=widget)


SCOPE = "tui.widgets.spell_mage:ScopeCycle"  # a typed count picks the row that covers it


ZERO = ("resistance", "power", "as_difficulty", "quintessence", "paradox_pool", "paradox_rolls", "foci", "acolytes")


def effect(values: Values) -> MageInputs:
    """The effect as typed (what the book stores of it); a RulesError naming the field if it
    cannot be one."""
    sphere = parsed(values, "sphere")
    if sphere is None:
        raise refusal("sphere", "mage.type_sphere")
    paradox = values["paradox"]
    return MageInputs(MageEffect(
        sphere=sphere, rote=bool(values["rote"]), attribute=parsed(values, "attribute"), ability=parsed(values, "ability"),
        arete=parsed(values, "arete"), needed=parsed(values, "needed"), targets=values["targets"], radius=values["radius"],
        duration=values["duration"], connection=values["connection"], difficulty=parsed(values, "difficulty"),
        avatar=parsed(values, "avatar"), vulgar=paradox in ("vulgar", "sleepers"), witnesses=paradox == "witnesses",
        sleepers=paradox == "sleepers", willpower=parsed(values, "willpower"), assistants=assistants_of(values["assistants"]),
        **{name: parsed(values, name) or 0 for name in ZERO},
    ))  # fmt: skip


COUNTER = (
    "counter_pool",
    "counter_against",
    "counter_rolled",
    "counter_quintessence",
    "counter_difficulty",
    "counter_opposed",
)


def counter_pool(values: Values) -> int | None:
    """The counter pool as typed, or (empty) the caster's arete + sphere (RULES 2, counter-magic)."""
    pool, arete, sphere = parsed(values, "counter_pool"), parsed(values, "arete"), parsed(values, "sphere")
    return pool if pool is not None else arete + sphere if arete is not None and sphere is not None else None


def counter_line(values: Values, campaign: Campaign, lang: Lang) -> dict[str, str]:
    """Counter-magic against an effect (what ``calc spell mage-counter`` says): its lines after
    the pool's, or what it still needs; nothing while its row is empty."""
    typed = {name: parsed(values, name) for name in COUNTER}
    if all(value is None for value in typed.values()):
        return {"counter": ""}
    pool, against = counter_pool(values), typed["counter_against"]
    if pool is None or against is None:
        return {"counter": t("mage.counter_pool", lang)}
    try:
        result = counter_magic(
            pool, against, quintessence=typed["counter_quintessence"] or 0, successes=typed["counter_rolled"],
            difficulty=typed["counter_difficulty"], ones_cancel=campaign.rules.mage_ones_cancel,
            opposed=typed["counter_opposed"], flat=campaign.rules.mage_counter_flat,
        )  # fmt: skip
    except RulesError as error:
        return {"counter": error.text(lang)}
    return {"counter": " · ".join(line.text(lang) for line in result.breakdown)}


NUMBERS = ("sphere", "needed", "arete", "attribute", "ability", "difficulty", "avatar", "willpower")


def _step(value: int) -> int:
    """The scope's row that covers ``value`` (3 targets: the 5 row, which costs the same); past
    the last row, the value itself (the effect is refused, never priced as the last row)."""
    return next((step for step in SCOPE_STEPS if step >= value), value)


def past_label(ident: str, count: int, lang: Lang) -> str:
    """A scope choice's label for a count past the last row (``mage-targets``, ``mage-radius``)."""
    return t("mage.past.radius" if ident.endswith("radius") else "mage.past.targets", lang, n=count)


def filled(spell: MageInputs) -> Values:
    """The tab's fields for a stored effect (a count of 0 as an empty field, as typed)."""
    e = spell.effect
    paradox = "sleepers" if e.sleepers else "vulgar" if e.vulgar else "witnesses" if e.witnesses else "none"
    return {
        **{name: getattr(e, name) for name in NUMBERS}, **{name: getattr(e, name) or None for name in ZERO},
        "rote": e.rote, "targets": _step(e.targets), "radius": _step(e.radius) if e.radius else 1, "duration": e.duration,
        "connection": e.connection, "paradox": paradox, "assistants": ",".join(str(n) for n in e.assistants),
    }  # fmt: skip


def price(spell: MageInputs, campaign: Campaign) -> MageSpell:
    """The effect under the campaign's house rules."""
    rules = campaign.rules
    return mage_spell(spell.effect, ones_cancel=rules.mage_ones_cancel, scope_separate=rules.mage_scope_separate)


def summary(result: MageSpell, lang: Lang) -> str:
    if not result.possible:
        return t("mage.impossible", lang, reason=result.reason.text(lang) if result.reason else "")
    n = result.successes_needed or 0
    needed = t("mage.successes", lang, n=n, es="" if n == 1 else "es")
    if result.chance is None:
        return t("mage.no_difficulty", lang, needed=needed, dice=result.dice_rolled)
    return t(
        "mage.odds",
        lang,
        needed=needed,
        dice=result.dice_rolled,
        difficulty=result.difficulty,
        chance=percent(result.chance, lang),
    )


def shown(result: MageSpell, lang: Lang, **_: object) -> Scored:
    return Scored(
        {"summary": summary(result, lang), "breakdown": "\n".join(ln.text(lang) for ln in result.breakdown)},
        result.possible,
    )


def not_priced(error: RulesError, lang: Lang) -> Scored:
    return refused(error, lang, field="sphere", clear=("breakdown",))


MAGE = SpellDescription(
    "mage",
    "mage.title",
    (
        Mode(
            "effect",
            "mage.mode.effect",
            (
                Fields((
                    Row((number("sphere"), number("needed"), number("arete"), number("resistance", "0"))),
                    Row((choice("rote", MODES, False), number("attribute"), number("ability"), number("power", "0"))),
                    Row((choice("targets", TARGETS, 1, SCOPE), choice("radius", RADII, 1, SCOPE), choice("duration", DURATIONS, Duration.scene))),
                    Row((Words(LABELS["connection"]), choice("connection", CONNECTIONS, None), number("difficulty"))),
                    Row((number("quintessence", "0"), number("avatar"), number("as_difficulty", "0"))),
                    Row((choice("paradox", PARADOX, "none"), number("paradox_pool", "0"), number("paradox_rolls", "0"))),
                    Row((
                        number("willpower"), number("foci", "0"),
                        Text("assistants", LABELS["assistants"], "N,N…", r"[\d,]{0,24}", classes="mage-number -wide", hint=HINTS["assistants"]),
                        number("acolytes", "0"),
                    )),
                    Row(tuple(number(name) for name in COUNTER)),
                )),
                Line("hint", text=RANGES),
                Line("summary"),
                Line("counter", hide_empty=True),
                Scroll("breakdown-box", (Line("breakdown"),)),
            ),
            effect, price, shown, not_priced, first="sphere", extra=counter_line, system="mage", filled=filled,
        ),
    ),
    hints=("hint", RANGES),
    tab="tui.widgets.spell_mage:MageSpell",
    after_caster="targets",  # the caster gives the sphere and arete: the effect's scope next
    tab_stop=False,  # its fields are: only the breakdown scrolls
)  # fmt: skip
