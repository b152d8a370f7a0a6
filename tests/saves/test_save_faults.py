"""A save that fails, at any step, loses nothing: faults injected in every encode and write step.

The rule: an encoder or a write that fails leaves the last good file and its backups untouched
and loadable, the journal in memory as it was, and the next save writes exactly that journal.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves.atomic
import saves.encoder
from core.actions import AddCondition, Damage, NextTurn, RemoveCondition
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from saves.atomic import atomic_write, backups_of, load_bytes
from saves.encoder import _Array
from saves.errors import SaveError
from saves.format import Encoder, read_journal
from saves.lock import CampaignLock
from saves.store import AutoSaver, create_campaign


class Faulty:
    """A module's stand-in whose calls to ``names`` fail at the chosen call numbers (counted
    over all of them, from 1): the fault injected at one step of an encode or a write."""

    def __init__(self, module: object, names: set[str], fail_at: set[int], error: type[BaseException]) -> None:
        self._module, self._names, self.fail_at, self._error = module, names, fail_at, error
        self.calls = 0

    def __getattr__(self, name: str):
        real = getattr(self._module, name)
        if name not in self._names:
            return real

        def call(*args, **kwargs):
            self.calls += 1
            if self.calls in self.fail_at:
                raise (
                    self._error(errno.EIO, "injected fault")
                    if self._error is OSError
                    else self._error("injected fault")
                )
            return real(*args, **kwargs)

        return call


def test_an_array_whose_new_item_fails_to_encode_keeps_its_bytes_valid() -> None:
    """The cause of the corrupted campaign: the separator was added before the item was encoded,
    and the damaged bytes were handed back when the same tuple came again (an undo)."""

    def encode(item: object) -> bytes:
        if item == "bad":
            raise TypeError("Integer exceeds 64-bit range")
        return orjson.dumps(item)

    array = _Array(encode)
    good = ("a", "b")
    assert bytes(array.update(good)) == b'"a",\n      "b"'
    with pytest.raises(TypeError):
        array.update((*good, "bad"))
    assert bytes(array.update(good)) == b'"a",\n      "b"'  # the same tuple again: as it was
    assert bytes(array.update(("a",))) == b'"a"'
    assert bytes(array.update(("a", "c"))) == b'"a",\n      "c"'


def test_a_save_that_failed_then_the_journal_before_it_writes_that_journal() -> None:
    """The app's way to the corrupted file: a save fails on its new history entry, then the
    encoder is handed the journal it last saved (the same tuples): it wrote a trailing comma."""
    journal = Journal.start(demo_campaign()).record(NextTurn())[0]
    encoder = Encoder()
    encoder.encode(journal)
    faulty = Faulty(orjson, {"dumps"}, {6}, TypeError)  # the 6th value encoded: the new entry
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(saves.encoder, "orjson", faulty)
        with pytest.raises(TypeError):
            encoder.encode(journal.record(NextTurn())[0])
    assert faulty.calls == 6
    assert encoder.encode(journal) == Encoder().encode(journal)


def test_a_save_whose_folder_cannot_be_synced_keeps_saving_to_the_campaign(tmp_path) -> None:
    """The file was replaced, then syncing its folder failed: the next save must not take the
    app's own file for another writer's work (it went to a side file, the campaign abandoned)."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    journal = read_journal(load_bytes(path), path).journal
    fail = [True]

    def write(target: Path, data: bytes) -> list[Path]:
        blockers = atomic_write(target, data)
        if fail.pop() if fail else False:
            raise SaveError(target.parent, "saved, but the folder could not be synced to disk (injected)")
        return blockers

    with CampaignLock(path) as lock:
        saver = AutoSaver(path, lock, writer=write, delays=(0.0,))
        try:
            for _ in range(2):
                journal = journal.record(NextTurn())[0]
                saver.save(journal)
                saver.flush(timeout=10)
                assert saver.flush(timeout=10)
            assert saver.conflict is None
            assert read_journal(load_bytes(path), path).journal.campaign == journal.campaign
        finally:
            saver.close()


def _step(journal: Journal, step: str) -> Journal:
    """One GM move on the demo: next turn, a hit, a condition and its removal, undo, redo."""
    key = journal.campaign.roster[0].id
    try:
        if step == "undo":
            return journal.undo()
        if step == "redo":
            return journal.redo()
        action = {
            "next": NextTurn(),
            "hit": Damage(targets=(key,), amount=1),
            "stun": AddCondition(key, Condition("stunned", 2)),
            "unstun": RemoveCondition(key, "stunned"),
        }[step]
        return journal.record(action)[0]
    except RulesError:
        return journal


STEPS = st.lists(st.sampled_from(["next", "hit", "stun", "unstun", "undo", "undo", "redo"]), min_size=1, max_size=12)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_an_encoder_that_fails_at_any_item_then_writes_exactly_its_next_journal(data) -> None:
    """Whatever value fails to encode (each save may fail at any of its encoding calls), the
    encoder's next output is what a new encoder writes, and JSON. "back" hands it the journal
    before the last step, the same object: any journal may come next."""
    faulty = Faulty(orjson, {"dumps"}, set(), TypeError)
    encoder, journal = Encoder(keep=3, slack=2), Journal.start(demo_campaign())
    before = journal
    steps = st.sampled_from(["next", "hit", "stun", "unstun", "undo", "redo", "back"])
    with pytest.MonkeyPatch.context() as patch:
        for _ in range(data.draw(st.integers(1, 12), label="steps")):
            step = data.draw(steps, label="step")
            journal, before = (before, journal) if step == "back" else (_step(journal, step), journal)
            faulty.calls, faulty.fail_at = 0, {data.draw(st.integers(0, 12), label="fail at call")}
            patch.setattr(saves.encoder, "orjson", faulty)
            try:
                got = encoder.encode(journal)
            except TypeError:
                continue
            finally:
                patch.undo()
            fresh = Encoder(keep=3, slack=2)  # the reference: a new encoder, at the same window
            fresh._cut = encoder._cut
            assert got == fresh.encode(journal)
            orjson.loads(got)


def _all_load(path: Path) -> None:
    for each in (path, *backups_of(path)):
        read_journal(load_bytes(each), each)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    steps=STEPS,
    encode_faults=st.sets(st.integers(1, 60), max_size=4),
    write_faults=st.sets(st.integers(1, 80), max_size=4),
)
def test_a_fault_at_any_encode_or_write_step_leaves_every_file_and_backup_loading(
    tmp_path_factory, steps, encode_faults, write_faults
) -> None:
    """Through the autosaver: faults in the encoder (orjson) and in every file-system call of the
    atomic write (create, write, sync, rotate, link, rename, replace). After each GM move and a
    flush that works, the file holds exactly the journal in memory, and the file and each of its
    backups load."""
    path = create_campaign(tmp_path_factory.mktemp("faults") / "villon.json", demo_campaign())
    journal = read_journal(load_bytes(path), path).journal
    encoder = Faulty(orjson, {"dumps"}, encode_faults, TypeError)
    faulty_os = Faulty(
        os, {"open", "fsync", "rename", "replace", "link", "unlink", "fchmod", "lstat"}, write_faults, OSError
    )

    def write(target: Path, data: bytes) -> list[Path]:
        """The atomic write, its file-system calls faulty (the lock's own checks are not)."""
        with pytest.MonkeyPatch.context() as faults:
            faults.setattr(saves.atomic, "os", faulty_os)
            return atomic_write(target, data)

    with pytest.MonkeyPatch.context() as patch, CampaignLock(path) as lock:
        saver = AutoSaver(path, lock, writer=write, delays=(0.0,))
        try:
            for step in steps:
                journal = _step(journal, step)
                patch.setattr(saves.encoder, "orjson", encoder)
                saver.save(journal)
                saver.flush(timeout=10)
                patch.undo()
                faulty_os.fail_at = set()
                assert saver.flush(timeout=10), saver.error  # without faults, it saves
                faulty_os.fail_at = write_faults
                _all_load(path)
                assert read_journal(load_bytes(path), path).journal.campaign == journal.campaign
        finally:
            saver.close()
