"""The Mage tab of the spell-cost pane (RULES 2): what an effect takes, and its odds, as the GM types.

Seven one-line rows of fields (numbers, and the tables' rows as choices: ←/→ or space change
them), a summary line and the breakdown. Nothing here changes the campaign: Mage casters are not
in the Apothéose roster; the campaign only gives the house rules ``mage_ones_cancel`` and
``mage_scope_separate``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from core.errors import RulesError
from core.mage import SCOPE_STEPS, Connection, Duration, MageEffect, assistants_of, mage_spell, percent
from core.mage import MageSpell as MageResult
from core.validators import ANY_WHOLE
from tui.i18n import pick, refused, register, t
from tui.widgets.inputs import Cycle
from tui.widgets.pane import focus_now
from tui.widgets.spell_system import SpellSystem

register(
    {
        "mage.sphere": ("sphere", "sphère"),
        "mage.needed": ("needs", "requis"),
        "mage.arete": ("arete", "entéléchie"),
        "mage.resistance": ("resistance", "résistance"),
        "mage.attribute": ("attribute", "attribut"),
        "mage.ability": ("ability", "compétence"),
        "mage.power": ("power", "puissance"),
        "mage.connection": ("connection", "connexion"),
        "mage.difficulty": ("difficulty", "difficulté"),
        "mage.quintessence": ("quintessence", "quintessence"),
        "mage.avatar": ("avatar", "avatar"),
        "mage.as_difficulty": ("extras as difficulty", "extras en difficulté"),
        "mage.paradox_pool": ("paradox", "paradoxe"),
        "mage.paradox_rolls": ("earlier rolls", "jets avant"),
        "mage.willpower": ("willpower", "volonté"),
        "mage.foci": ("foci", "foci"),
        "mage.assistants": ("assistants", "assistants"),
        "mage.acolytes": ("acolytes", "acolytes"),
        "mage.type_sphere": ("Type the caster's Sphere level (1–10).", "Tapez le niveau de Sphère du lanceur (1–10)."),
        "mage.odds": (
            "{needed} to make on {dice} dice at difficulty {difficulty}: {chance}",
            "{needed} à faire sur {dice} dés à difficulté {difficulty} : {chance}",
        ),
        "mage.no_difficulty": (
            "{needed} to make on {dice} dice · type a difficulty (2–10) for the odds",
            "{needed} à faire sur {dice} dés · tapez une difficulté (2–10) pour la chance",
        ),
        "mage.impossible": ("Impossible: {reason}", "Impossible : {reason}"),
        "mage.successes": ("{n} success{es}", "{n} succès"),
    }
)

#: What each field takes, on the hint line under the fields while it has the focus (and as its
#: tooltip): a range written out ("1 to 10") reads as a range, never as a value typed.
HINTS = {
    "sphere": ("sphere: 1 to 10, the caster's level in the Sphere", "sphère : 1 à 10, le niveau du lanceur dans la Sphère"),
    "needed": ("needs: 1 to 10, the effect's level (empty: the sphere)", "requis : 1 à 10, niveau de l'effet (vide : la sphère)"),
    "arete": ("arete: 1 to 10, for an improvised effect or a ritual", "entéléchie : 1 à 10, effet improvisé ou rituel"),
    "resistance": ("resistance: the target's, off the pool (empty: 0)", "résistance : de la cible, ôtée des dés (vide : 0)"),
    "rote": ("rote or improvised: space or ←/→", "routine ou improvisé : espace ou ←/→"),
    "attribute": ("attribute: a rote's Attribute (0 or more)", "attribut : l'Attribut d'une routine (0 ou plus)"),
    "ability": ("ability: a rote's Ability (0 or more)", "compétence : celle d'une routine (0 ou plus)"),
    "power": ("power: extra successes for power (empty: 0)", "puissance : succès en plus pour la puissance (vide : 0)"),
    "targets": ("targets: space or ←/→; +N: the extra successes", "cibles : espace ou ←/→ ; +N : succès en plus"),
    "radius": ("radius: space or ←/→; +N: the extra successes", "rayon : espace ou ←/→ ; +N : succès en plus"),
    "duration": ("duration: space or ←/→; +N: the extra successes", "durée : espace ou ←/→ ; +N : succès en plus"),
    "connection": ("connection, for an effect at a distance: space or ←/→", "connexion, effet à distance : espace ou ←/→"),
    "difficulty": ("difficulty: 2 to 10 per die, for the odds", "difficulté : 2 à 10 par dé, pour la chance"),
    "quintessence": ("quintessence: +1 die a point, 3 at most (empty: 0)", "quintessence : +1 dé par point, 3 au plus (vide : 0)"),
    "avatar": ("avatar: quintessence a turn at most (empty: no cap)", "avatar : quintessence max. par tour (vide : sans limite)"),
    "as_difficulty": ("extras as difficulty: +1 difficulty each (empty: 0)", "extras en difficulté : +1 difficulté chacun (vide : 0)"),
    "paradox": ("paradox: space or ←/→", "paradoxe : espace ou ←/→"),
    "paradox_pool": ("paradox: the player's Paradox pool (empty: 0)", "paradoxe : la réserve de Paradoxe du joueur (vide : 0)"),
    "paradox_rolls": ("earlier rolls: Paradox rolls this scene (empty: 0)", "jets avant : jets de Paradoxe de la scène (vide : 0)"),
    "willpower": ("willpower: a ritual's hours (empty: no ritual)", "volonté : les heures d'un rituel (vide : pas de rituel)"),
    "foci": ("foci: successes of the Occult (Ritual) roll (empty: 0)", "foci : succès du jet d'Occulte (Rituel) (vide : 0)"),
    "assistants": ("assistants: each one's successes, as 1,3", "assistants : les succès de chacun, comme 1,3"),
    "acolytes": ("acolytes: one die each (empty: 0)", "acolytes : un dé chacun (vide : 0)"),
}
#: The hint line while no field has the focus: the ranges.
RANGES = ("sphere, needs, arete 1 to 10 · difficulty 2 to 10", "sphère, requis, entéléchie 1 à 10 · difficulté 2 à 10")


def _counted(n: int, en: str, fr: str, row: int) -> tuple[str, str]:
    cost = f" +{row}" if row else ""
    return f"{n} {en}{'s' if n > 1 else ''}{cost}", f"{n} {fr}{'s' if n > 1 else ''}{cost}"


#: The choices, each labelled with what it costs (extra successes).
MODES = ((False, ("improvised", "improvisé")), (True, ("rote", "routine")))
TARGETS = tuple((n, _counted(n, "target", "cible", row)) for row, n in enumerate(SCOPE_STEPS))
RADII = tuple((n, (f"radius {n} m" + (f" +{row}" if row else ""), f"rayon {n} m" + (f" +{row}" if row else ""))) for row, n in enumerate(SCOPE_STEPS))
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

#: What a number field accepts. Empty means the default (none, or 0: its placeholder shows it).
NUMBER = r"\d{0,2}"


class MageSpell(SpellSystem, can_focus=False):
    """Mage: l'Ascension: pool, successes needed, odds, Paradox and ritual of one effect.

    Not a tab stop itself (its fields are): only the breakdown scrolls."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._shown: dict[str, str] = {}

    # -- composing --------------------------------------------------------------------------
    def _number(self, name: str, placeholder: str = "", width: str = "") -> Iterator[Widget]:
        yield Label(t(f"mage.{name}", self.lang), classes="mage-label", markup=False)
        restrict = r"[\d,]{0,24}" if name == "assistants" else NUMBER
        field = Input("", placeholder=placeholder, restrict=restrict, compact=True, id=f"mage-{name}", classes=f"mage-number {width}")
        field.tooltip = pick(HINTS[name], self.lang)
        yield field

    def _cycle(self, choices: tuple, value: object, name: str) -> Cycle:
        """A choice as wide as its longest label: the fields after it keep their place."""
        cycle = Cycle(choices, value=value, id=f"mage-{name}")
        cycle.styles.width = 2 + max(len(pick(labels, self.lang)) for _, labels in choices)
        cycle.tooltip = pick(HINTS[name], self.lang)
        return cycle

    def compose(self) -> ComposeResult:
        number, cycle = self._number, self._cycle
        with Vertical(id="mage-fields"):
            with Horizontal(classes="mage-row"):
                yield from number("sphere")
                yield from number("needed", "")
                yield from number("arete")
                yield from number("resistance", "0")
            with Horizontal(classes="mage-row"):
                yield cycle(MODES, False, "rote")
                yield from number("attribute")
                yield from number("ability")
                yield from number("power", "0")
            with Horizontal(classes="mage-row"):
                yield cycle(TARGETS, 1, "targets")
                yield cycle(RADII, 1, "radius")
                yield cycle(DURATIONS, Duration.scene, "duration")
            with Horizontal(classes="mage-row"):
                yield Label(t("mage.connection", self.lang), classes="mage-label", markup=False)
                yield cycle(CONNECTIONS, None, "connection")
                yield from number("difficulty")
            with Horizontal(classes="mage-row"):
                yield from number("quintessence", "0")
                yield from number("avatar")
                yield from number("as_difficulty", "0")
            with Horizontal(classes="mage-row"):
                yield cycle(PARADOX, "none", "paradox")
                yield from number("paradox_pool", "0")
                yield from number("paradox_rolls", "0")
            with Horizontal(classes="mage-row"):
                yield from number("willpower")
                yield from number("foci", "0")
                yield from number("assistants", "N,N…", "-wide")
                yield from number("acolytes", "0")
        yield Static(pick(RANGES, self.lang), id="mage-hint", markup=False)
        yield Static("", id="mage-summary", markup=False)
        with VerticalScroll(id="mage-breakdown-box"):
            yield Static("", id="mage-breakdown", markup=False)

    def on_mount(self) -> None:
        self.refresh_result()

    # -- reading the fields -----------------------------------------------------------------
    def _value(self, name: str) -> int | None:
        text = self.query_one(f"#mage-{name}", Input).value.strip()
        return ANY_WHOLE.parse(name, text) if text else None

    def _choice(self, name: str) -> Any:  # one of the Cycle's values: the field's own type
        return self.query_one(f"#mage-{name}", Cycle).value

    def effect_typed(self) -> MageEffect:
        """The effect as typed; a RulesError naming the field if it cannot be one."""
        sphere = self._value("sphere")
        if sphere is None:
            raise refused("sphere", "mage.type_sphere")
        paradox = self._choice("paradox")
        zero = {name: self._value(name) or 0 for name in (
            "resistance", "power", "as_difficulty", "quintessence", "paradox_pool", "paradox_rolls", "foci", "acolytes",
        )}  # fmt: skip
        return MageEffect(
            sphere=sphere, rote=bool(self._choice("rote")), attribute=self._value("attribute"),
            ability=self._value("ability"), arete=self._value("arete"), needed=self._value("needed"),
            targets=self._choice("targets"), radius=self._choice("radius"), duration=self._choice("duration"),
            connection=self._choice("connection"), difficulty=self._value("difficulty"), avatar=self._value("avatar"),
            vulgar=paradox in ("vulgar", "sleepers"), witnesses=paradox == "witnesses", sleepers=paradox == "sleepers",
            willpower=self._value("willpower"),
            assistants=assistants_of(self.query_one("#mage-assistants", Input).value), **zero,
        )  # fmt: skip

    def result(self) -> MageResult:
        rules = self.campaign.rules
        return mage_spell(self.effect_typed(), ones_cancel=rules.mage_ones_cancel, scope_separate=rules.mage_scope_separate)

    # -- rendering --------------------------------------------------------------------------
    def _show(self, selector: str, text: str) -> None:
        """Update a Static only when its text changes."""
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            self.query_one(selector, Static).update(text)

    def refresh_from_campaign(self) -> None:
        self.refresh_result()  # only the house rules can have changed

    def refresh_result(self) -> None:
        lang = self.lang
        try:
            result = self.result()
        except RulesError as error:
            self._verdict(error.reason_in(lang) if error.field == "sphere" else error.text(lang), False)
            self._show("#mage-breakdown", "")
            return
        self._verdict(self.summary(result), result.possible)
        self._show("#mage-breakdown", "\n".join(ln.text(lang) for ln in result.breakdown))

    def summary(self, result: MageResult) -> str:
        lang = self.lang
        if not result.possible:
            return t("mage.impossible", lang, reason=result.reason.text(lang) if result.reason else "")
        n = result.successes_needed or 0
        needed = t("mage.successes", lang, n=n, es="" if n == 1 else "es")
        if result.chance is None:
            return t("mage.no_difficulty", lang, needed=needed, dice=result.dice_rolled)
        return t("mage.odds", lang, needed=needed, dice=result.dice_rolled, difficulty=result.difficulty, chance=percent(result.chance, lang))

    def _verdict(self, text: str, ok: bool) -> None:
        self._show("#mage-summary", text)
        summary = self.query_one("#mage-summary", Static)
        summary.set_class(ok, "-ok")
        summary.set_class(not ok, "-refused")

    def _hint(self, focused: Widget | None) -> None:
        """The hint line says what the field in focus takes (the ranges when none has it)."""
        name = focused.id.removeprefix("mage-") if focused is not None and focused.id else ""
        self._show("#mage-hint", pick(HINTS.get(name, RANGES), self.lang))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._hint(event.widget)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._hint(self.screen.focused if self.screen.focused is not event.widget else None)

    @on(Input.Changed)
    @on(Cycle.Changed)
    def _changed(self, event: Input.Changed | Cycle.Changed) -> None:
        event.stop()
        self.refresh_result()

    def start_entry(self) -> None:
        field = self.query_one("#mage-sphere", Input)
        focus_now(field)
        field.select_all()
