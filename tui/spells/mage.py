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
from tui.i18n import refused as refusal
from tui.i18n import t
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
    parsed,
    refused,
)

#: Each field's label and what it takes, on the hint line while it has the focus (and as its
#: tooltip): a range written out ("1 to 10") reads as a range, never as a value typed.
LABELS: dict[str, Pair] = {
    "sphere": ("sphere", "sphère"), "needed": ("needs", "requis"), "arete": ("arete", "entéléchie"),
    "resistance": ("resistance", "résistance"), "attribute": ("attribute", "attribut"), "ability": ("ability", "compétence"),
    "power": ("power", "puissance"), "connection": ("connection", "connexion"), "difficulty": ("difficulty", "difficulté"),
    "quintessence": ("quintessence", "quintessence"), "avatar": ("avatar", "avatar"), "as_difficulty": ("extras as difficulty", "extras en difficulté"),
    "paradox_pool": ("paradox", "paradoxe"), "paradox_rolls": ("earlier rolls", "jets avant"), "willpower": ("willpower", "volonté"),
    "foci": ("foci", "foci"), "assistants": ("assistants", "assistants"), "acolytes": ("acolytes", "acolytes"),
    "counter_pool": ("Counter pool", "Contre : dés"), "counter_against": ("vs", "contre"), "counter_rolled": ("rolled", "obtenus"),
    "counter_quintessence": ("quint.", "quint."), "counter_difficulty": ("difficulty", "difficulté"),
    "counter_opposed": ("opposed", "opposé"),
}  # fmt: skip
HINTS: dict[str, Pair] = {
    "sphere": (
        "sphere: 1 to 10, the caster's level in the Sphere",
        "sphère : 1 à 10, le niveau du lanceur dans la Sphère",
    ),
    "needed": (
        "needs: 1 to 10, the effect's level (empty: the sphere)",
        "requis : 1 à 10, niveau de l'effet (vide : la sphère)",
    ),
    "arete": ("arete: 1 to 10, for an improvised effect or a ritual", "entéléchie : 1 à 10, effet improvisé ou rituel"),
    "resistance": (
        "resistance: the target's, off the pool (empty: 0)",
        "résistance : de la cible, ôtée des dés (vide : 0)",
    ),
    "rote": ("rote or improvised: space or ←/→", "routine ou improvisé : espace ou ←/→"),
    "attribute": ("attribute: a rote's Attribute (0 or more)", "attribut : l'Attribut d'une routine (0 ou plus)"),
    "ability": ("ability: a rote's Ability (0 or more)", "compétence : celle d'une routine (0 ou plus)"),
    "power": ("power: extra successes for power (empty: 0)", "puissance : succès en plus pour la puissance (vide : 0)"),
    "targets": (
        "targets: a count, or space/←/→; +N: extra successes",
        "cibles : un nombre, ou espace/←/→ ; +N : succès en plus",
    ),
    "radius": (
        "radius: metres, or space/←/→; +N: extra successes",
        "rayon : des mètres, ou espace/←/→ ; +N : succès en plus",
    ),
    "duration": ("duration: space or ←/→; +N: the extra successes", "durée : espace ou ←/→ ; +N : succès en plus"),
    "connection": (
        "connection, for an effect at a distance: space or ←/→",
        "connexion, effet à distance : espace ou ←/→",
    ),
    "difficulty": ("difficulty: 2 to 10 per die, for the odds", "difficulté : 2 à 10 par dé, pour la chance"),
    "quintessence": (
        "quintessence: +1 die a point, 3 at most (empty: 0)",
        "quintessence : +1 dé par point, 3 au plus (vide : 0)",
    ),
    "avatar": (
        "avatar: quintessence a turn at most (empty: no cap)",
        "avatar : quintessence max. par tour (vide : sans limite)",
    ),
    "as_difficulty": (
        "extras as difficulty: +1 difficulty each (empty: 0)",
        "extras en difficulté : +1 difficulté chacun (vide : 0)",
    ),
    "paradox": ("paradox: space or ←/→", "paradoxe : espace ou ←/→"),
    "paradox_pool": (
        "paradox: the player's Paradox pool (empty: 0)",
        "paradoxe : la réserve de Paradoxe du joueur (vide : 0)",
    ),
    "paradox_rolls": (
        "earlier rolls: Paradox rolls this scene (empty: 0)",
        "jets avant : jets de Paradoxe de la scène (vide : 0)",
    ),
    "willpower": (
        "willpower: a ritual's hours (empty: no ritual)",
        "volonté : les heures d'un rituel (vide : pas de rituel)",
    ),
    "foci": (
        "foci: successes of the Occult (Ritual) roll (empty: 0)",
        "foci : succès du jet d'Occulte (Rituel) (vide : 0)",
    ),
    "assistants": ("assistants: each one's successes, as 1,3", "assistants : les succès de chacun, comme 1,3"),
    "acolytes": ("acolytes: one die each (empty: 0)", "acolytes : un dé chacun (vide : 0)"),
    "counter_pool": (
        "counter-magic: its pool (empty: arete + sphere)",
        "contre-magie : ses dés (vide : entéléchie + sphère)",
    ),
    "counter_against": (
        "counter-magic: the effect's successes to beat",
        "contre-magie : les succès de l'effet à contrer",
    ),
    "counter_rolled": (
        "counter-magic: the pool's successes, as rolled",
        "contre-magie : les succès du groupement, obtenus",
    ),
    "counter_quintessence": (
        "counter-magic: quintessence, +1 score (a die) each",
        "contre-magie : quintessence, +1 au score (un dé) chacune",
    ),
    "counter_difficulty": (
        "counter-magic: difficulty 2 to 10, for the odds",
        "contre-magie : difficulté 2 à 10, pour la chance",
    ),
    "counter_opposed": (
        "counter-magic: the score dice's successes, the result",
        "contre-magie : succès des dés du score, le résultat",
    ),
}
#: The hint line while no field has the focus: the ranges.
RANGES: Pair = (
    "sphere, needs, arete 1 to 10 · difficulty 2 to 10",
    "sphère, requis, entéléchie 1 à 10 · difficulté 2 à 10",
)


def _counted(n: int, en: str, fr: str, row: int) -> Pair:
    cost = f" +{row}" if row else ""
    return f"{n} {en}{'s' if n > 1 else ''}{cost}", f"{n} {fr}{'s' if n > 1 else ''}{cost}"


#: The choices, each labelled with what it costs (extra successes).
MODES = ((False, ("improvised", "improvisé")), (True, ("rote", "routine")))
TARGETS = tuple((n, _counted(n, "target", "cible", row)) for row, n in enumerate(SCOPE_STEPS))
RADII = tuple(
    (n, (f"radius {n} m" + (f" +{row}" if row else ""), f"rayon {n} m" + (f" +{row}" if row else "")))
    for row, n in enumerate(SCOPE_STEPS)
)
DURATIONS = ((Duration.scene, ("1 scene/hour", "1 scène/heure")),) + tuple(
    (d, (f"{d.label('en')} +{d.row}", f"{d.label('fr')} +{d.row}")) for d in list(Duration)[1:]
)
CONNECTIONS = (
    (None, ("none needed", "aucune")),
    *((c, (f"{c.label('en')} +{c.row}", f"{c.label('fr')} +{c.row}")) for c in Connection if c.row is not None),
    (Connection.unknown, ("unknown: impossible", "inconnu : impossible")),
)
PARADOX = (
    ("none", ("coincidental", "coïncidente")),
    ("witnesses", ("coincidental, witnessed", "coïncidente, témoins")),
    ("vulgar", ("vulgar", "vulgaire")),
    ("sleepers", ("vulgar + Sleepers", "vulgaire + Dormeurs")),
)


def number(name: str, placeholder: str = "", classes: str = "") -> Number:
    return Number(name, LABELS[name], placeholder, r"\d{0,2}", classes=classes, hint=HINTS[name])


def choice(name: str, choices: tuple[tuple[Any, Pair], ...], value: object, widget: str | None = None) -> Choice:
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


def past_label(ident: str, count: int) -> Pair:
    """A scope choice's label for a count past the last row (``mage-targets``, ``mage-radius``)."""
    if ident.endswith("radius"):
        return f"radius {count} m ✗", f"rayon {count} m ✗"
    return f"{count} targets ✗", f"{count} cibles ✗"


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
    ("Mage", "Mage"),
    (
        Mode(
            "effect",
            ("Effect", "Effet"),
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
