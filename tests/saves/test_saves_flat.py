"""Saves flat in the campaign's length (issue 37): the log's window in a save only moves on, so
an autosave encodes only the lines added since the last one; the window still holds every line
``Journal.trimmed`` keeps; a loaded journal numbers its next action as before."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import Damage, Heal, NextTurn
from core.demo import demo_campaign
from core.journal import LOG_LINES_PER_ACTION, Journal
from saves.format import Encoder, read_journal
from tests.saves.test_format import STEPS, play

DEMO = demo_campaign()
ONE_LINE = (NextTurn(), Damage(("segiere",), 1), Heal(("segiere",), 1))


def counting(encoder: Encoder, name: str) -> list[object]:
    """Every item ``encoder`` encodes for its array ``name`` from now on."""
    array = encoder._arrays[name]
    encode, seen = array.encode_item, []

    def spy(item: Any) -> bytes:
        seen.append(item)
        return encode(item)

    array.encode_item = spy
    return seen


def test_past_the_window_an_autosave_encodes_only_the_new_log_lines() -> None:
    encoder = Encoder(keep=5, slack=3)
    journal = Journal.start(DEMO)
    for i in range(60):
        journal, _ = journal.record(ONE_LINE[i % 3])
        encoder.encode(journal)
    seen = counting(encoder, "log")
    for i in range(40):
        before = len(journal.log)
        journal, _ = journal.record(ONE_LINE[i % 3])
        seen.clear()
        encoder.encode(journal)
        assert seen == list(journal.log[before:])  # the lines this action wrote, nothing else


@settings(max_examples=40, deadline=None)
@given(st.lists(STEPS, min_size=1, max_size=8))
def test_the_log_window_holds_what_trimmed_keeps_and_its_start_never_moves_back(bursts: list[Any]) -> None:
    keep, slack = 3, 2
    encoder, journal, start = Encoder(keep=keep, slack=slack), Journal.start(DEMO), 0
    for steps in bursts:
        journal = play(steps, journal)
        encoder.encode(journal)
        kept = encoder.window(journal)
        window = len(journal.log) - len(kept.log)
        assert tuple(kept.log) == tuple(journal.log[window:])
        assert len(kept.log) <= max(len(journal.log) if kept is journal else 0, LOG_LINES_PER_ACTION * (keep + slack))
        if kept is not journal:
            trimmed = journal.trimmed(len(kept.done))  # what a save kept before: 4 lines per action
            assert tuple(kept.log[len(kept.log) - len(trimmed.log) :]) == tuple(trimmed.log)
            assert kept.done == trimmed.done and kept.base is trimmed.base and kept.undone == trimmed.undone
        assert window >= start or kept is journal
        start = window


@settings(max_examples=40, deadline=None)
@given(STEPS, STEPS)
def test_a_loaded_journal_numbers_its_next_action_as_the_one_saved(steps: list[Any], more: list[Any]) -> None:
    journal = play(steps)
    loaded = read_journal(Encoder().encode(journal), "x.json").journal
    assert loaded.next_seq == journal.next_seq
    assert play(more, loaded) == play(more, journal)


#: Pieces of save bytes around what the text check looks for (raw UTF-8 and JSON escapes).
PIECES = st.sampled_from(
    [b"a", b'"', b"\\", b"\\n", b"\\u001b", b"\\u0085", b"\\u202e", b"u00", b"\x7f", b"\xc2", b"\xc2\x85", b"\xc2\xb7"]
    + [b"\xd8\x9c", b"\xd8", b"\x9c", b"\xd8\x9b", b"\xe2\x80\xae", b"\xe2\x80\x94", b"\xe2\x81\xa6", b"\xe2\x81"]
    + [b"\xe2\x86\x92", b"\xe2\x80\xa6", b"\xe2\x81\x8e", b"\xe2\x80\xa7", b"\xe2"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=12))
def test_the_quick_look_for_control_characters_finds_what_the_full_pattern_finds(pieces: list[bytes]) -> None:
    from saves.integrity import _MAYBE, _may_hold_control

    raw = b"".join(pieces)
    assert _may_hold_control(raw) == (_MAYBE.search(raw) is not None)


def test_an_addition_s_characters_are_saved_as_the_campaign_s_own_bytes_exactly() -> None:
    import orjson

    from core.actions import AddMany
    from core.templates import BUILT_IN, copies
    from saves.format import History, SaveFile, unstructure

    made = copies(BUILT_IN[0], 30, DEMO, pc=False)
    journal, _ = Journal.start(DEMO).record(AddMany(made, join=False))
    journal, _ = journal.record(Damage((made[3].id,), 2))  # one of them changes: encoded anew
    raw = Encoder().encode(journal)
    expected = unstructure(
        SaveFile(journal.campaign, History(journal.base, tuple(journal.done), journal.undone, tuple(journal.log)))
    )
    data = orjson.loads(raw)
    del data["format"], data["version"]
    assert data == orjson.loads(orjson.dumps(expected))


def _ids_recursively(value: object) -> list[str]:
    """The walk as it was: every string inside a value, depth first, fields in order."""
    import attrs

    if isinstance(value, str):
        return [value]
    if attrs.has(type(value)):
        return [s for f in attrs.fields(type(value)) for s in _ids_recursively(getattr(value, f.name))]  # type: ignore[arg-type]  # attrs.has narrows nothing
    if isinstance(value, dict):
        return [s for v in value.values() for s in _ids_recursively(v)]
    if isinstance(value, (tuple, list)):
        return [s for v in value for s in _ids_recursively(v)]
    return []


def test_the_strings_of_every_action_are_found_in_the_same_order_without_recursion() -> None:
    from core.players_log import _ids_in
    from tests.saves.test_format import EXAMPLES

    for action in EXAMPLES.values():
        assert list(_ids_in(action)) == _ids_recursively(action)


def test_what_an_encoder_keeps_between_saves_is_about_the_size_of_the_save() -> None:
    import gc
    import tracemalloc

    from core.actions import AddMany
    from core.templates import BUILT_IN, Book, copies

    book = Book(DEMO)
    made = tuple(c for _ in range(4) for c in copies(BUILT_IN[0], 100, DEMO, pc=False, book=book))
    journal, _ = Journal.start(DEMO).record(AddMany(made))
    gc.collect()
    tracemalloc.start()
    try:
        encoder = Encoder()
        raw = encoder.encode(journal)
        del raw
        gc.collect()
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert encoder is not None
    # the bytes kept: each character's (about 0.3 KiB each), the history's, the base's; orjson's
    # own bytes hold at least 4 KiB each, which made 400 characters keep about 1.7 MB.
    assert kept < 800_000


def test_a_book_the_base_shares_with_the_campaign_is_built_once_and_loads_equal() -> None:
    import attrs

    from core.spellbook.book import SpellBook
    from core.spellbook.seeds import SEEDS

    book = SpellBook(tuple(attrs.evolve(s.spell, name=f"{s.spell.name[:50]} {i}") for i in range(2) for s in SEEDS))
    journal = Journal.start(attrs.evolve(DEMO, book=book))
    journal, _ = journal.record(NextTurn())
    loaded = read_journal(Encoder().encode(journal), "x.json").journal
    assert loaded.campaign == journal.campaign and loaded.base == journal.base
    assert loaded.base.book is loaded.campaign.book  # one book built, not two equal ones


def test_the_collector_waits_while_a_save_is_read_and_is_back_after_even_on_a_bad_file(monkeypatch) -> None:
    import gc

    import saves.format
    from saves.errors import SaveError

    seen: list[bool] = []
    inner = saves.format.checked

    def spy(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return inner(*args)

    monkeypatch.setattr(saves.format, "checked", spy)
    raw = Encoder().encode(Journal.start(DEMO))
    assert gc.isenabled()
    read_journal(raw, "x.json")
    assert seen == [False] and gc.isenabled()
    with pytest.raises(SaveError, match=r"\$\.campaign\.name"):
        read_journal(raw.replace(b'"name": "', b'"name": 3, "x": "', 1), "x.json")
    assert seen == [False, False] and gc.isenabled()
    gc.disable()
    try:
        read_journal(raw, "x.json")
        assert not gc.isenabled()  # whoever turned it off turns it on again
    finally:
        gc.enable()


def test_a_frozen_class_without_checks_is_built_by_its_slots_and_one_with_checks_by_its_init() -> None:
    import attrs

    from core.actions import AttackGroup, ChangeShadow
    from core.breakdown import Line
    from core.journal import Entry, LogLine
    from core.roster import Character
    from core.shadow import LedgerEntry
    from saves.format import CONVERTER
    from saves.hooks import fast_path, plain_init

    assert all(plain_init(cls) for cls in (Line, LogLine, Entry, Damage, ChangeShadow, LedgerEntry))
    assert not any(plain_init(cls) for cls in (AttackGroup, Character))  # validators

    made: list[str] = []

    def checked(inst: Any, attribute: Any, value: int) -> None:
        made.append(f"checked {value}")
        if value < 0:
            raise ValueError("negative")

    def positive(value: int) -> int:
        return abs(value)

    @attrs.frozen
    class Plain:
        label: str
        count: int = 0
        note: str | None = None

    @attrs.frozen
    class Checked:
        count: int = attrs.field(validator=checked)

    @attrs.frozen
    class After:
        count: int

        def __attrs_post_init__(self) -> None:
            made.append("post-init")

    @attrs.define
    class Mutable:
        count: int

    @attrs.frozen(slots=False)
    class Unslotted:
        count: int

    @attrs.frozen
    class Converted:
        count: int = attrs.field(converter=positive)

    @attrs.frozen
    class SelfConverted:
        count: int = attrs.field(converter=attrs.Converter(lambda v, inst: abs(v), takes_self=True))  # type: ignore[misc]

    @attrs.frozen(cache_hash=True)
    class CachedHash:
        count: int

    @attrs.frozen
    class Private:
        _count: int

    assert plain_init(Plain) and plain_init(Private) and plain_init(Converted)
    assert not any(plain_init(c) for c in (Checked, After, Mutable, Unslotted, SelfConverted, CachedHash))

    def slow(value: Any, _type: Any) -> Any:
        raise AssertionError("the fast path should have taken it")

    def fast(cls: type, value: dict[str, Any]) -> Any:
        return fast_path(cls, CONVERTER, slow)(value, cls)

    assert fast(Plain, {"label": "x", "count": 2, "note": None}) == Plain("x", 2)
    assert fast(Private, {"_count": 2}) == Private(2)
    assert fast(Checked, {"count": 2}) == Checked(2) and made == ["checked 2", "checked 2"]
    with pytest.raises(ValueError, match="negative"):
        fast(Checked, {"count": -1})
    made.clear()
    assert fast(After, {"count": 1}) == After(1) and made == ["post-init", "post-init"]
    for cls in (Mutable, Unslotted, Converted, SelfConverted):
        assert fast(cls, {"count": -3}) == cls(-3)  # type: ignore[call-arg]
    cached = fast(CachedHash, {"count": 3})
    assert cached == CachedHash(3) and hash(cached) == hash(CachedHash(3))


def test_lines_and_log_lines_built_by_their_slots_are_the_objects_their_init_makes() -> None:
    import attrs

    from core.breakdown import Line
    from core.journal import Entry, LogLine
    from saves.format import CONVERTER

    journal = play([NextTurn(), Damage(("segiere",), 2), Heal(("segiere",), 1), NextTurn()])
    loaded = read_journal(Encoder().encode(journal), "x.json").journal
    assert list(loaded.log) == list(journal.log) and list(loaded.done) == list(journal.done)
    for built, made in zip(loaded.log, journal.log, strict=True):
        assert hash(built) == hash(made) and repr(built) == repr(made)
        assert attrs.astuple(built, recurse=False) == attrs.astuple(made, recurse=False)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.kind = "undo"  # type: ignore[misc]
    line = CONVERTER.structure({"en": "a", "fr": "b"}, Line)
    assert type(line) is Line and line == Line("a", "b") and hash(line) == hash(Line("a", "b"))
    assert type(CONVERTER.structure(Encoder()._entry_hook(journal.done[0]), Entry)) is Entry
    assert CONVERTER.structure(
        {"seq": 1, "kind": "do", "line": {"en": "a", "fr": "b"}, "players": True, "shown": None}, LogLine
    ) == LogLine(1, "do", Line("a", "b"), True)


BAD_LINES: list[Any] = [
    None,
    [],
    "a",
    {"en": "a"},
    {"en": "a", "fr": 2},
    {"en": "a", "fr": "b", "x": "c"},
    {"en": "a", "x": "b"},
]


@pytest.mark.parametrize("bad_line", BAD_LINES)
def test_a_line_built_inside_its_log_line_or_entry_refuses_what_the_detailed_converter_refuses(bad_line) -> None:
    from core.breakdown import Line
    from core.journal import Entry, LogLine
    from saves.format import CONVERTER, detailed_converter

    good = {"en": "a", "fr": "b"}
    cases = [
        ({"seq": 1, "kind": "do", "line": bad_line, "players": False, "shown": None}, LogLine),
        ({"seq": 1, "kind": "do", "line": good, "players": False, "shown": bad_line}, LogLine),
        ({"seq": 1, "action": {"type": "NextTurn"}, "lines": [good, bad_line]}, Entry),
    ]

    def outcome(converter: Any, data: dict[str, Any], cls: type) -> tuple[bool, Any]:
        try:
            return True, converter.structure(data, cls)
        except Exception:  # noqa: BLE001 - refused (each converter raises its own kind of error)
            return False, None

    for data, cls in cases:  # the fast converter takes what the detailed one takes, and only that
        assert outcome(CONVERTER, data, cls) == outcome(detailed_converter(), data, cls)
    entry = CONVERTER.structure({"seq": 3, "action": {"type": "NextTurn"}, "lines": [good, good]}, Entry)
    assert entry == Entry(3, NextTurn(), (Line("a", "b"), Line("a", "b"))) and type(entry.lines) is tuple
    shown = CONVERTER.structure({"seq": 1, "kind": "do", "line": good, "players": True, "shown": good}, LogLine)
    assert shown == LogLine(1, "do", Line("a", "b"), True, Line("a", "b"))


@pytest.mark.parametrize(
    "action",
    [
        {"type": "NextTurn"},
        {"type": "Heal", "targets": ["segiere"], "amount": 2},
        {"type": "Heal", "targets": ["segiere"], "amount": "2"},
        {"type": "Nope"},
        {"type": ["NextTurn"]},
        {"type": {"a": 1}},
        {"type": None},
        {},
        "NextTurn",
        None,
    ],
)
def test_an_entry_s_action_found_by_its_tag_inside_the_entry_is_refused_as_the_detailed_converter_refuses_it(
    action,
) -> None:
    from core.journal import Entry
    from saves.format import CONVERTER, detailed_converter

    def outcome(converter: Any) -> tuple[bool, Any]:
        try:
            return True, converter.structure({"seq": 1, "action": action, "lines": []}, Entry)
        except Exception:  # noqa: BLE001 - refused (each converter raises its own kind of error)
            return False, None

    for _ in range(2):  # the second time, the tag's structure function is known
        assert outcome(CONVERTER) == outcome(detailed_converter())


def test_what_a_load_builds_goes_to_the_oldest_generation_and_objects_frozen_by_the_app_stay_frozen() -> None:
    import gc

    raw = Encoder().encode(play([NextTurn(), Damage(("segiere",), 1), Heal(("segiere",), 1)] * 10))
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    threshold, suite_frozen = gc.get_threshold(), gc.get_freeze_count()
    gc.unfreeze()  # the suite holds its start-up heap frozen (tests/conftest.py)
    gc.collect()
    gc.set_threshold(700, 10, 10)
    gc.callbacks.append(seen)
    try:
        loaded = read_journal(raw, "x.json").journal
        young: list[list[int]] = [[] for _ in range(100)]  # far fewer new objects than the threshold
        assert collections == [], "the load's objects were left young: a collection walked them"
        assert gc.isenabled() and gc.get_freeze_count() == 0 and len(young) == 100
        gc.freeze()  # as the app does once its campaign is open
        frozen = gc.get_freeze_count()
        read_journal(raw, "x.json")
        assert gc.get_freeze_count() == frozen and gc.isenabled()
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*threshold)
        gc.unfreeze()
        if suite_frozen:
            gc.freeze()
    assert loaded.campaign == play([NextTurn(), Damage(("segiere",), 1), Heal(("segiere",), 1)] * 10).campaign


def test_the_first_log_line_of_an_unknown_kind_is_named() -> None:
    from saves.errors import BadFieldError

    journal = play([NextTurn(), Damage(("segiere",), 1), Heal(("segiere",), 1), NextTurn()])
    data = orjson.loads(Encoder().encode(journal))
    assert len(data["history"]["log"]) >= 4
    data["history"]["log"][2]["kind"] = "later"
    data["history"]["log"][3]["kind"] = "sooner"
    with pytest.raises(BadFieldError) as caught:
        read_journal(orjson.dumps(data), "x.json")
    assert caught.value.field == "$.history.log[2].kind" and "unknown kind 'later'" in caught.value.reason
    for kind in ("do", "undo", "redo", "reroll"):
        data["history"]["log"][2]["kind"] = data["history"]["log"][3]["kind"] = kind
        read_journal(orjson.dumps(data), "x.json")
