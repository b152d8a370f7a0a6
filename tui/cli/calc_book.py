"""A campaign's spell book from the command line (core.spellbook): save a priced spell, price one.

    apotheose calc spell SYSTEM … --save NAME --campaign C [--replace] [--caster WHO] [--saves DIR]
    apotheose calc d6-psionic … --save NAME --campaign C [--replace] [--caster WHO] [--saves DIR]
    apotheose calc spell --book C [NAME] [--system SYSTEM] [--caster WHO] [--saves DIR] [--json]

``--save`` prices the spell as the system's own command does, then keeps its inputs in the
campaign's book: one action through the campaign's journal (undo in the app takes it back),
written atomically under the campaign's lock (refused while the GM app has the campaign open).
The house-rule flags (``--no-halve``…) must agree with the campaign's house rules, which the book
prices with.

``--book C NAME`` prices a spell of the book (the campaign's own or a built-in one) by running
the system's own command on its inputs and the campaign's house rules: the same lines and JSON
(plus a ``book`` key naming the entry). ``--book C`` lists the book. Registered in
:data:`tui.cli.calc_parser.EXTENSIONS`; imports no Textual, and the rules and saves only when run.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from core.breakdown import Line
from core.errors import RulesError
from tui.cli.calc_commands import Answer
from tui.cli.calc_parser import PROG, Rejected
from tui.i18n import plural_s

if TYPE_CHECKING:
    from core.campaign import Campaign
    from core.spellbook.book import SpellInputs
    from core.spellbook.seeds import Entry

#: The command that prices each system's spells, by the system's name in the book.
COMMAND = {
    "apotheose": ("spell", "apotheose"),
    "mage": ("spell", "mage"),
    "poles": ("spell", "poles"),
    "d6": ("spell", "d6"),
    "d6-psionic": ("d6-psionic",),
}
#: Each house rule a system's command has a flag for: (flag, the campaign's rule, the rule's value the flag means).
HOUSE_FLAGS = {
    "mage": (("scope_combined", "mage_scope_separate", False), ("ones_dont_cancel", "mage_ones_cancel", False)),
    "d6": (("no_halve", "d6_halve", False),),
}
#: What ``calc spell apotheose`` takes of the caster: not part of a spell.
CASTER_OPTIONS = ("ame", "pm", "shadow", "graces")
BOOK_HELP = "a spell from a campaign's book, priced (calc spell --book CAMPAIGN [NAME]); without NAME, the book's list"


class FileRefused(Rejected):
    """A campaign file that cannot be read or written (status 1, as ``apotheose check``)."""

    status = 1


def add_commands(sub: Any, spell_sub: Any, common: argparse.ArgumentParser) -> None:
    """``--save`` and its options on each spell command; ``calc spell book`` (``calc spell --book``)."""
    for words in COMMAND.values():
        p = (spell_sub if words[0] == "spell" else sub).choices[words[-1]]
        group = p.add_argument_group("the campaign's spell book")
        group.add_argument("--save", metavar="NAME", help="keep this spell in the --campaign's book under NAME")
        group.add_argument(
            "--campaign", metavar="C", help="with --save: the campaign (a name in the saves folder, or a file)"
        )
        group.add_argument(
            "--replace", action="store_true", help="with --save: replace the campaign's spell of that name"
        )
        group.add_argument(
            "--caster",
            dest="book_caster",
            metavar="WHO",
            help="with --save: the spell's caster, a roster character (or, Mage and Quatre Pôles, a remembered caster)",
        )
        group.add_argument(
            "--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)"
        )
    p = spell_sub.add_parser("book", parents=[common], help=BOOK_HELP, description=BOOK_HELP)
    p.add_argument("--book", required=True, metavar="C", help="the campaign (a name in the saves folder, or a file)")
    p.add_argument(
        "name", nargs="?", metavar="NAME", help="the spell (case and accents aside); without it, the book's list"
    )
    p.add_argument("--system", dest="of_system", choices=tuple(COMMAND), metavar="|".join(COMMAND),
                   help="the spell's system (when two share its name; without NAME, the list of that system)")  # fmt: skip
    p.add_argument(
        "--caster",
        metavar="WHO",
        help="cast by WHO: a roster character (Apothéose) or a remembered caster (Mage, Quatre Pôles)",
    )
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")


# -- the options and a book's inputs, both ways ---------------------------------------------------


def system_of(args: argparse.Namespace) -> str:
    """The book's name of the system whose command ``args`` were parsed for."""
    words = (args.command, args.system) if args.command == "spell" else (args.command,)
    return next(system for system, command in COMMAND.items() if command == words)


def inputs_of(system: str, args: argparse.Namespace) -> SpellInputs:
    """What the book keeps of a spell given as options (the calculator's own reading of them)."""
    if system == "apotheose":
        from core.spellbook.apotheose import ApotheoseInputs

        for name in CASTER_OPTIONS:
            if getattr(args, name) is not None:
                raise Rejected(
                    f"--{name}",
                    "the caster's, not the spell's: the book keeps the spell (price it with --book … --caster WHO)",
                )
        return ApotheoseInputs(args.intensity, args.duration, args.range, args.targets, args.invisible)
    if system == "mage":
        from core.spellbook.mage import MageInputs
        from tui.cli.calc_mage import effect_of

        return MageInputs(effect_of(args))
    if system == "poles":
        from core.spellbook.poles import PolesInputs
        from tui.cli.calc_poles import request_of

        return PolesInputs(request_of(args), args.lies, args.hold, args.uncovered)
    from core.choices import parse_choice
    from core.d6.scales import Depth, EffectKind, Power, Wound
    from core.spellbook.d6 import D6Inputs, PsionicInputs

    def named(kind: Any, value: str | None, field: str) -> str | None:  # "Médium" → "medium": the name the book keeps
        return None if value is None else parse_choice(kind, value, field).value

    aspects = _d6_aspects(args, system == "d6")
    if system == "d6":
        kind = parse_choice(EffectKind, args.kind or "skill", "kind").value
        return D6Inputs(args.effect, kind, args.effect_value, aspects, args.unskilled, args.magic_level)
    from core.d6.psionics import MediumContact

    medium = MediumContact(
        args.assassinated, args.years_dead or 0, args.known_personally, args.has_information, args.place_of_death
    )
    power = parse_choice(Power, args.power, "power").value
    return PsionicInputs(power, named(Wound, args.wound, "wound"), named(Depth, args.depth, "depth"), medium, aspects)


def _d6_aspects(args: argparse.Namespace, spell: bool) -> tuple[Any, ...]:
    """The aspects in the order ``calc spell d6`` reads them: the scales, the rounds, the free values."""
    from core.d6.scales import SPELL_SCALES
    from core.spellbook.d6 import D6Aspect
    from core.validators import ANY_WHOLE
    from tui.cli.calc_d6 import SPELL_OPTIONS, SPELL_TAIL

    scales = {scale.name: scale for scale in SPELL_SCALES}

    def rows(names: Iterable[str]) -> list[D6Aspect]:
        found = []
        for name in names:
            given = getattr(args, name)
            if given is not None:
                row, _, value = given.partition("=")  # a row by its label ("même pièce") is kept by its name ("room")
                found.append(
                    D6Aspect(
                        name, row=scales[name].row(row).name, value=ANY_WHOLE.parse(name, value) if value else None
                    )
                )
        return found

    aspects = rows(SPELL_OPTIONS)
    if args.duration_rounds is not None:
        aspects.append(D6Aspect("duration", row=str(args.duration_rounds)))
    if args.duration_hours is not None:
        aspects.append(D6Aspect("duration", row=f"{args.duration_hours}h"))
    if spell:
        if args.preparation_rounds is not None:
            aspects.append(D6Aspect("preparation", row=str(args.preparation_rounds)))
        aspects += rows(SPELL_TAIL)
    return (*aspects, *(D6Aspect(name, value=value) for name, value in args.aspect))


def words_of(inputs: SpellInputs) -> list[str]:
    """The command line that gives ``inputs`` to their system's command (``spell d6 --effect 5D+2 …``)."""
    from core.spellbook.d6 import D6Inputs, PsionicInputs
    from core.spellbook.mage import MageInputs
    from core.spellbook.poles import PolesInputs

    words = list(COMMAND[inputs.SYSTEM])
    if isinstance(inputs, MageInputs):
        return words + _options(inputs.effect)
    if isinstance(inputs, PolesInputs):
        request = inputs.request
        words += _options(request, skip=("enhance", "techniques", "counter"))
        enhance = ",".join(f"{k}={v}" for k, v in attrs.asdict(request.enhance).items() if v)
        words += ["--enhance", enhance] if enhance else []
        words += ["--technique", *map(str, request.techniques)] if request.techniques else []
        if request.counter is not None:
            words += ["--counter", *_options(request.counter)]
        return words + _options(inputs, skip=("request",))
    if isinstance(inputs, (D6Inputs, PsionicInputs)):
        words += _options(inputs, skip=("aspects", "medium"))
        if isinstance(inputs, PsionicInputs):
            words += _options(inputs.medium)
        for aspect in inputs.aspects:
            if aspect.row is None:
                words.append(f"--aspect={aspect.name}={aspect.value}")
            elif aspect.name == "duration" and aspect.row.endswith("h"):
                words += ["--duration-hours", aspect.row.removesuffix("h")]
            elif aspect.name in ("duration", "preparation"):
                words += [f"--{aspect.name}-rounds", aspect.row]
            else:
                words += [f"--{aspect.name}", aspect.row + ("" if aspect.value is None else f"={aspect.value}")]
        return words
    return words + _options(inputs)


def _options(value: Any, skip: tuple[str, ...] = ()) -> list[str]:
    """An attrs value's fields as options: ``--name value``, a flag when true, nothing when
    None, false or (a kind of a D6 effect) the default; a tuple of numbers as ``1,3``."""
    words: list[str] = []
    for field in attrs.fields(type(value)):
        given = getattr(value, field.name)
        if field.name in skip or given is None or given is False or (field.name == "kind" and given == "skill"):
            continue
        option = "--" + field.name.replace("_", "-")
        if given is True:
            words.append(option)
        elif isinstance(given, tuple):
            if given:
                words += [option, ",".join(map(str, given))]
        else:
            words.append(f"{option}={given}")
    return words


def _house_flags(system: str, campaign: Campaign) -> list[str]:
    rules = campaign.rules
    return [
        f"--{flag.replace('_', '-')}"
        for flag, rule, means in HOUSE_FLAGS.get(system, ())
        if getattr(rules, rule) == means
    ]


def _hold_rate(inputs: SpellInputs, campaign: Campaign) -> list[str]:
    """``--hold-rate=N`` for an illusion when the campaign's ``poles_illusion_hold_rate`` is not the default."""
    from core.house_rules import ILLUSION_HOLD_RATE
    from core.spellbook.poles import PolesInputs

    rate = campaign.rules.poles_illusion_hold_rate
    illusion = isinstance(inputs, PolesInputs) and inputs.request.tradition == "illusion"
    return [f"--hold-rate={rate}"] if illusion and rate != ILLUSION_HOLD_RATE else []


# -- --save ---------------------------------------------------------------------------------------


def save(args: argparse.Namespace, answer: Answer) -> Answer:
    """Keep the spell ``args`` describe (already priced: ``answer``) in the campaign's book, when
    ``--save`` asks; ``answer`` as it is when no book option was given."""
    if args.save is None and args.campaign is None and not args.replace and args.book_caster is None:
        return answer
    if args.save is None:
        given = "--campaign" if args.campaign is not None else "--replace" if args.replace else "--caster"
        raise Rejected(given, "goes with --save NAME")
    if args.campaign is None:
        raise Rejected("--campaign", "required with --save: the campaign whose book keeps the spell")
    from core.actions import SaveSpell
    from core.spellbook.book import BookSpell
    from saves.errors import LockedError, SaveError
    from saves.lock import CampaignLock
    from saves.store import load_campaign, save_campaign

    system = system_of(args)
    path = _campaign_path(args.campaign, args.saves)
    try:
        with CampaignLock(path):
            journal = load_campaign(path).journal
            campaign = journal.campaign
            _check_fits_book(args, system, campaign)
            try:
                spell = BookSpell(
                    args.save, inputs_of(system, args), caster=_spell_caster(campaign, system, args.book_caster)
                )
                journal, outcome = journal.record(SaveSpell(spell, replace=args.replace))
            except RulesError as error:
                if error.field in ("name", "text"):
                    raise Rejected("--save", error.reason) from None
                raise
            save_campaign(path, journal)
    except LockedError as error:
        raise FileRefused(
            "",
            f"{error}; the app writes this campaign while it has it open: close it there to save into its book from here",
        ) from None
    except SaveError as error:
        raise FileRefused("", str(error)) from None
    saved = {
        "campaign": campaign.name,
        "name": spell.name,
        "system": system,
        "replaced": outcome.lines[0].en.endswith("replaced"),
    }
    return Answer((*answer.breakdown, *outcome.lines), {**answer.data, "saved": saved})


def _check_fits_book(args: argparse.Namespace, system: str, campaign: Campaign) -> None:
    """The house-rule flags match the campaign's rules (its book prices with them), and the name is
    new to the book unless ``--replace``."""
    from core.spellbook.book import a_system

    for flag, rule, means in HOUSE_FLAGS.get(system, ()):
        if getattr(args, flag) != (getattr(campaign.rules, rule) == means):
            state = "on" if getattr(campaign.rules, rule) else "off"
            raise Rejected(f"--{flag.replace('_', '-')}", f"the campaign's house rule {rule} is {state}, and its book prices with it: "
                           "give the flag exactly when the campaign has the rule that way")  # fmt: skip
    rate = campaign.rules.poles_illusion_hold_rate
    if system == "poles" and args.hold_rate is not None and args.hold_rate != rate:
        raise Rejected(
            "--hold-rate", f"the campaign's house rule poles_illusion_hold_rate is {rate}, and its book prices with it"
        )
    if campaign.book.spell(system, args.save) is not None and not args.replace:
        raise Rejected(
            "--save",
            f"{campaign.name}'s book already has {a_system(system)} spell named {args.save.strip()!r}: --replace replaces it",
        )


def _campaign_path(name_or_path: str, saves: str | None) -> Path:
    from saves.paths import resolve_campaign, saves_dir

    return resolve_campaign(name_or_path, saves_dir(saves))


def _campaign(args: argparse.Namespace) -> Campaign:
    from saves.errors import SaveError
    from saves.store import load_campaign

    try:
        return load_campaign(_campaign_path(args.book, args.saves)).journal.campaign
    except SaveError as error:
        raise FileRefused("", str(error)) from None


# -- --book ---------------------------------------------------------------------------------------


def run_book(args: argparse.Namespace) -> Answer:
    """``calc spell --book C NAME``: the spell priced by its system's command; without NAME, the list."""
    from core.spellbook.seeds import find

    campaign = _campaign(args)
    if args.name is None:
        if args.caster is not None:
            raise Rejected("--caster", "goes with a spell's NAME")
        return listing(campaign, args.of_system)
    try:
        entry = find(campaign.book, args.name, args.of_system)
    except RulesError as error:
        raise Rejected("NAME", f"{error.reason} ({PROG} spell --book {args.book} lists them)") from None
    inputs = entry.spell.inputs
    cast = _cast_by(campaign, inputs, args.caster)
    words = [*words_of(cast), *_house_flags(inputs.SYSTEM, campaign), *_hold_rate(cast, campaign)]
    if args.caster is not None and inputs.SYSTEM == "apotheose":
        words += _roster_caster(campaign, args.caster, getattr(inputs, "invisible", False))
    return _priced_by_its_command(words, entry)


def _priced_by_its_command(words: list[str], entry: Entry) -> Answer:
    from tui.cli.calc_commands import commands
    from tui.cli.calc_parser import command_key, parser

    try:
        parsed = parser().parse_args(words)
    except Rejected as error:  # a book entry the command line cannot take
        raise Rejected("NAME", f"{entry.spell.name!r} cannot be priced: {error}") from None
    answer = commands()[command_key(parsed)](parsed)
    seed = entry.seed
    printed = None if seed is None else seed.printed
    book = {
        "name": entry.spell.name, "system": entry.spell.system, "built_in": seed is not None,
        "example": seed.example or None if seed is not None else None, "printed": printed,
    }  # fmt: skip
    return Answer((*answer.breakdown, *((printed,) if printed else ())), {**answer.data, "book": book})


def _cast_by(campaign: Campaign, inputs: SpellInputs, who: str | None) -> SpellInputs:
    """``inputs`` filled with the remembered caster ``who`` (Mage, Quatre Pôles)."""
    if who is None or inputs.SYSTEM == "apotheose":
        return inputs
    from core.spellbook.book import CASTER_SYSTEMS, a_system

    if inputs.SYSTEM not in CASTER_SYSTEMS:
        raise Rejected("--caster", f"{a_system(inputs.SYSTEM)} spell has no remembered casters")
    caster = campaign.book.caster(inputs.SYSTEM, who)
    if caster is None:
        names = ", ".join(c.name for c in campaign.book.casters if c.system == inputs.SYSTEM) or "none yet"
        raise Rejected(
            "--caster", f"no {inputs.SYSTEM} caster named {who!r} in the book (its {inputs.SYSTEM} casters: {names})"
        )
    return inputs.cast_by(caster.inputs)


def _spell_caster(campaign: Campaign, system: str, who: str | None) -> str | None:
    """What a saved spell keeps as its caster (``--caster WHO``): a remembered caster's name
    (Mage, Quatre Pôles), else the key of the roster character ``who`` (its id or name)."""
    from core.spellbook.book import SYSTEMS, name_key

    if who is None:
        return None
    if SYSTEMS[system].casters:
        caster = campaign.book.caster(system, who)
        if caster is not None:
            return caster.name
    found = [c for c in campaign.roster if c.id == who or name_key(c.name) == name_key(who)]
    if not found:
        names = (
            ", ".join(c.name for c in campaign.book.casters if c.system == system) if SYSTEMS[system].casters else ""
        )
        mystics = ", ".join(c.name for c in campaign.roster if c.mystic) or "none"
        raise Rejected(
            "--caster",
            f"no character {who!r} in the roster (its mystics: {mystics})"
            + (f" nor {system} caster (its casters: {names or 'none yet'})" if SYSTEMS[system].casters else ""),
        )
    return found[0].name if SYSTEMS[system].casters else found[0].id


def _roster_caster(campaign: Campaign, who: str, invisible: bool = False) -> list[str]:
    """``--ame``, ``--pm``, ``--shadow`` of the roster's character ``who`` (its id or name); for
    invisible magic its ``--graces`` (a PC's: an NPC's are the GM's call)."""
    from core.spellbook.book import name_key

    found = [c for c in campaign.roster if c.id == who or name_key(c.name) == name_key(who)]
    if not found:
        mystics = ", ".join(c.name for c in campaign.roster if c.mystic) or "none"
        raise Rejected("--caster", f"no character {who!r} in the roster (its mystics: {mystics})")
    c = found[0]
    if invisible:
        return [] if c.shadow is None else ["--graces", str(len(c.shadow.graces))]
    words = ["--ame", str(c.characteristics.ame), "--pm", str(c.pm)]
    return words + ([] if c.shadow_value is None else ["--shadow", str(c.shadow_value)])


def listing(campaign: Campaign, system: str | None = None) -> Answer:
    """The book: each spell with its figure (own first, then built in), then the casters."""
    from core.spellbook.seeds import entries

    shown = [e for e in entries(campaign.book) if system is None or e.spell.system == system]
    casters = [c for c in campaign.book.casters if system is None or c.system == system]
    own = sum(not e.built_in for e in shown)
    seeds, mages = len(shown) - own, len(casters)
    lines = [Line(
        f"{campaign.name}: {own} spell{plural_s(own)} of its own, {seeds} built in, {mages} caster{plural_s(mages)}",
        f"{campaign.name} : {own} sort{plural_s(own, 'fr')} à elle, {seeds} intégré{plural_s(seeds, 'fr')}, "
        f"{mages} lanceur{plural_s(mages, 'fr')}",
    )]  # fmt: skip
    spells = []
    for e in shown:
        priced = e.spell.price(campaign.rules)
        seed = e.seed
        tag = ("", "")
        if seed is not None:
            example = f", {seed.example}" if seed.example else ""
            other = (
                ("; the source prints another figure", " ; la source imprime un autre chiffre")
                if seed.printed
                else ("", "")
            )
            tag = (f" (built in{example}{other[0]})", f" (intégré{example}{other[1]})")
        lines.append(Line(f"  {e.spell.system:<10} {e.spell.name} — {priced.figure.en}{tag[0]}",
                          f"  {e.spell.system:<10} {e.spell.name} — {priced.figure.fr}{tag[1]}"))  # fmt: skip
        spells.append({
            "name": e.spell.name, "system": e.spell.system, "built_in": seed is not None, "figure": priced.figure,
            "possible": priced.possible, "example": seed.example or None if seed is not None else None,
            "printed": None if seed is None else seed.printed, "note": e.spell.note,
        })  # fmt: skip
    if casters:
        lines.append(Line("casters:", "lanceurs :"))
    for c in casters:
        summary = c.inputs.summary()
        lines.append(Line(f"  {c.system:<10} {c.name} — {summary.en}", f"  {c.system:<10} {c.name} — {summary.fr}"))
    data = {
        "campaign": campaign.name, "spells": spells,
        "casters": [{"name": c.name, "system": c.system, **attrs.asdict(c.inputs)} for c in casters],
    }  # fmt: skip
    return Answer(tuple(lines), data)


COMMANDS = {"spell book": run_book}
