"""Issue 12: the save converter builds the actions' tagged union (about 0.1 s for 42 classes)
when a save first needs it, not at import (before the app's first frame); it then gives the
same data and errors as if built at once (the golden files and tests/saves/test_format.py hold)."""

from __future__ import annotations

import threading

import cattrs.strategies
import orjson
import pytest

import saves.converter
from core.actions import Action, Damage, NextTurn
from saves.format import CONVERTER, TAG, SaveFile, make_converter
from tests.saves.test_format import EXAMPLES, golden_journal, payload_of


def counting(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = cattrs.strategies.include_subclasses

    def include_subclasses(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(saves.converter, "include_subclasses", include_subclasses)
    return calls


def test_reading_a_save_as_the_app_writes_it_builds_no_union(monkeypatch) -> None:
    journal = golden_journal()
    payload = {key: value for key, value in payload_of(journal).items() if key in ("campaign", "history")}
    calls = counting(monkeypatch)
    conv = make_converter()
    loaded = conv.structure(payload, SaveFile)
    assert len(journal.done) > 1
    assert [entry.action for entry in loaded.history.done] == [entry.action for entry in journal.done]
    assert calls == []
    assert conv.unstructure(NextTurn(), Action) == {TAG: "NextTurn"}  # saving builds it, once
    conv.unstructure(EXAMPLES[Damage], Action)
    assert calls == [1]


@pytest.mark.slow
def test_a_lazily_built_converter_gives_what_the_module_one_gives() -> None:
    conv, detailed = make_converter(), make_converter(detailed=True)
    for cls, action in EXAMPLES.items():
        data = orjson.loads(orjson.dumps(CONVERTER.unstructure(action, Action)))
        assert orjson.loads(orjson.dumps(conv.unstructure(action))) == data
        assert orjson.loads(orjson.dumps(conv.unstructure(action, cls))) == data
        assert conv.structure(data, cls) == detailed.structure(data, Action) == action
        assert next(iter(data)) == TAG


def test_two_threads_first_saving_at_once_get_the_same_tagged_data() -> None:
    conv = make_converter()
    results: list[list[dict]] = [[], []]
    start = threading.Barrier(2)

    def save(out: list[dict]) -> None:
        start.wait()
        out.extend(conv.unstructure(action, Action) for action in EXAMPLES.values())

    threads = [threading.Thread(target=save, args=(out,)) for out in results]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = [CONVERTER.unstructure(action, Action) for action in EXAMPLES.values()]
    assert results == [expected, expected]


def test_reading_a_save_as_the_app_writes_it_generates_no_cattrs_function(monkeypatch) -> None:
    """Issue 37: the fast converter generated cattrs' function for every class of a save as it
    opened it (about 12 ms of the app's start), and used none: each class's fast path takes a
    save as the app writes it. A value the fast path does not take still gets cattrs' function,
    made then, and its exact error."""
    from cattrs.gen import make_dict_structure_fn as real

    import saves.hooks
    from core.roster import Character

    calls: list[type] = []

    def made(cl, converter, *args, **kwargs):
        calls.append(cl)
        return real(cl, converter, *args, **kwargs)

    monkeypatch.setattr(saves.hooks, "make_dict_structure_fn", made)
    journal = golden_journal()
    payload = {key: value for key, value in payload_of(journal).items() if key in ("campaign", "history")}
    conv = make_converter()
    assert conv.structure(payload, SaveFile).campaign == journal.campaign
    assert calls == []
    character = payload["campaign"]["roster"][0]
    wrong = {**character, "hp": "12"}
    with pytest.raises(saves.hooks.WrongTypeError, match="whole number") as fast_error:
        conv.structure(wrong, Character)
    assert calls == [Character]
    with pytest.raises(saves.hooks.WrongTypeError) as cattrs_error:  # cattrs' own function, made now
        real(Character, conv)(wrong, Character)
    assert repr(fast_error.value) == repr(cattrs_error.value)
