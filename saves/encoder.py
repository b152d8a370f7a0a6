"""Writing a save: :class:`Encoder` turns journals into save bytes, keeping the bytes of what did
not change (history entries, log lines, characters, groups, encounters) so that an autosave costs
about the same after 10 actions as after 500."""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import cattrs
import orjson

from core.campaign import Campaign
from core.journal import KEPT_IN_SAVE, LOG_LINES_PER_ACTION, Entry, Journal, LogLine
from core.roster import Character
from saves.converter import CONVERTER
from saves.envelope import CURRENT_VERSION, FORMAT
from saves.hooks import is_tuple

#: A save keeps between KEPT_IN_SAVE and KEPT_IN_SAVE + SLACK actions: the base it holds then
#: moves (and is encoded again) once every SLACK actions instead of after each one.
SLACK = 50


def encode(journal: Journal) -> bytes:
    """The bytes of a save of ``journal`` (see :class:`Encoder` to save often)."""
    return Encoder().encode(journal)


class _Array:
    """A JSON array of immutable values, one per line, kept encoded between saves.

    When the tuple only grew or shrank at its end, or lost items at its start (the history's
    window moving on), the items still there are neither encoded nor joined again: the bytes are
    cut and appended in place, so a save does not cost more with a longer history.

    An update is all or nothing: the new items are encoded before anything kept is touched, so
    an item that cannot be encoded leaves the array as its last update made it (its bytes, items
    and ends agreeing), and the next update, of any tuple, starts from there.
    """

    __slots__ = ("blob", "encode_item", "ends", "items", "origin", "sep")

    def __init__(self, encode_item: Callable[[Any], bytes], depth: int = 2) -> None:
        self.encode_item = encode_item
        self.sep = b",\n" + b"  " * (depth + 1)
        self.items: Sequence[Any] = ()
        self.blob = bytearray()  # the items joined by ``sep``
        self.ends: list[int] = []  # where each item ends in the blob, counted from ``origin``
        self.origin = 0

    def update(self, items: Sequence[Any]) -> bytearray:
        """The items joined by the separator (without the brackets), for ``items`` now."""
        old = self.items
        if items is old:
            return self.blob
        start = 0
        if old and items and items[0] is not old[0]:
            try:
                start = old.index(items[0])
            except ValueError:
                start = len(old)
        kept = min(len(old) - start, len(items))
        if not (kept and old[start : start + kept] == items[:kept]):  # identity first, then equality
            start = kept = 0
        added = [self.encode_item(item) for item in items[kept:]]  # may raise: nothing changed yet
        if kept:
            first = self.ends[start - 1] - self.origin + len(self.sep) if start else 0
            del self.blob[self.ends[start + kept - 1] - self.origin :]
            del self.blob[:first]
            self.origin += first
            self.ends = self.ends[start : start + kept]
        else:
            self.blob, self.ends, self.origin = bytearray(), [], 0
        for encoded in added:
            if self.ends:
                self.blob += self.sep
            self.blob += encoded
            self.ends.append(self.origin + len(self.blob))
        self.items = items
        return self.blob


class _Parts:
    """Encoded values by identity (characters, groups, encounters, and the campaign's rules,
    visibility and spell book); keeps only the last save's."""

    def __init__(self) -> None:
        self.cache: dict[int, tuple[object, bytes]] = {}
        self.used: dict[int, tuple[object, bytes]] = {}

    def get(self, value: object, hook: Callable[[Any], Any]) -> bytes:
        hit = self.cache.get(id(value))
        if hit is None or hit[0] is not value:
            # A copy of orjson's bytes, which hold at least 4 KiB each: kept for every character,
            # 100,000 of them took 800 MB where their JSON is 40 MB.
            hit = (value, bytes(memoryview(orjson.dumps(hook(value)))))
        self.used[id(value)] = hit
        return hit[1]

    def done(self) -> None:
        self.cache, self.used = self.used, {}


def _campaign_plan(conv: cattrs.Converter) -> list[tuple[str, bytes, bool, Callable[[Any], Any]]]:
    """For each field of Campaign: its name, its key, whether it is a list of model values, its hook."""
    plan = []
    for field in attrs.fields(attrs.resolve_types(Campaign)):
        args = typing.get_args(field.type)
        many = is_tuple(field.type) and len(args) == 2 and args[1] is Ellipsis and attrs.has(args[0])
        hook = conv.get_unstructure_hook(args[0] if many else field.type)
        plan.append((field.name, orjson.dumps(field.name), many, hook))
    return plan


class Encoder:
    """Turns journals into save bytes, reusing the bytes of what did not change since its last call.

    One encoder per campaign file (the autosaver's); not thread-safe. The output is the same as
    ``orjson.dumps(unstructure(SaveFile(...)))`` laid out one item per line.
    """

    def __init__(self, keep: int = KEPT_IN_SAVE, slack: int = SLACK) -> None:
        self.keep, self.slack = keep, slack
        conv = CONVERTER
        self._plan = _campaign_plan(conv)
        self._parts = _Parts()
        line = conv.get_unstructure_hook(LogLine)
        self._entry_hook = conv.get_unstructure_hook(Entry)
        self._character_hook = conv.get_unstructure_hook(Character)
        self._arrays = {
            "done": _Array(self._entry),
            "undone": _Array(self._entry),
            "log": _Array(lambda ln: orjson.dumps(line(ln))),
        }
        self._campaign_hook = conv.get_unstructure_hook(Campaign)
        self._base: tuple[Campaign | None, bytes] = (None, b"")
        self._cut: tuple[int, Campaign | None] = (0, None)

    def window(self, journal: Journal) -> Journal:
        """The journal as this save keeps it: ``journal.trimmed`` to between keep and keep + slack
        actions, and the last ``LOG_LINES_PER_ACTION * (keep + slack)`` lines of the log.

        The log's window is as long as ``trimmed`` keeps for the most actions a save holds (so it
        holds every line ``trimmed(n - cut)`` would), and its start only moves on as lines are
        added: the lines it keeps are never encoded again (were the window ``4 * (n - cut)``
        lines, its start would move back up to 3 lines per action while the cut stays, and every
        line would be encoded again on each save)."""
        n = len(journal.done)
        cut, cut_base = self._cut
        valid = 0 < cut <= n and self.keep <= n - cut <= self.keep + self.slack
        if not (valid and journal.state_after(cut - 1) is cut_base):
            cut = n - self.keep if n > self.keep + self.slack else 0
        self._cut = (cut, journal.state_after(cut - 1) if cut else None)
        if not cut:
            return journal
        lines = min(len(journal.log), LOG_LINES_PER_ACTION * (self.keep + self.slack))
        return journal.trimmed(n - cut, lines)

    def encode(self, journal: Journal) -> bytes:
        """The save's bytes for ``journal``. If a value cannot be encoded (its error is raised),
        what the encoder keeps is as its last call left it or valid for this journal: the next
        call writes exactly its journal, as a new encoder would."""
        saved = self.window(journal)
        base, base_bytes = self._base
        if saved.base is not base:
            base_bytes = orjson.dumps(self._campaign_hook(saved.base))
            self._base = (saved.base, base_bytes)
        out: list[bytes | bytearray] = [
            b'{\n  "format": ', orjson.dumps(FORMAT), b',\n  "version": ', b"%d" % CURRENT_VERSION,
            b',\n  "campaign": ', self._campaign(saved.campaign),
            b',\n  "history": {\n    "base": ', base_bytes,
        ]  # fmt: skip
        for name in ("done", "undone", "log"):
            out += [b',\n    "', name.encode(), b'": ', *_brackets(self._arrays[name].update(getattr(saved, name)), 2)]
        out.append(b"\n  }\n}\n")
        return b"".join(out)

    def _entry(self, entry: Entry) -> bytes:
        """A history entry's bytes. The characters an addition brings (a roster file: thousands)
        are the campaign's own, encoded with it just before: their bytes are taken from there
        rather than built again (and held all at once as dicts)."""
        from core.actions.roster import AddMany  # the roster's actions: not before a save holds one

        action = entry.action
        if not (isinstance(action, AddMany) and action.characters):
            return orjson.dumps(self._entry_hook(entry))
        data = self._entry_hook(attrs.evolve(entry, action=attrs.evolve(action, characters=())))
        data["action"]["characters"] = [orjson.Fragment(self._character(c)) for c in action.characters]
        return orjson.dumps(data)

    def _character(self, character: Character) -> bytes:
        hit = self._parts.cache.get(id(character))
        if hit is not None and hit[0] is character:
            return hit[1]
        return orjson.dumps(self._character_hook(character))

    def _campaign(self, campaign: Campaign) -> bytes:
        out = []
        try:
            for name, key, many, hook in self._plan:
                value = getattr(campaign, name)
                if many:
                    frags = [self._parts.get(v, hook) for v in value]
                    encoded = b"".join(_brackets(b",\n      ".join(frags), 2))
                elif attrs.has(type(value)):  # rules, visibility, the spell book: kept while unchanged
                    encoded = self._parts.get(value, hook)
                else:
                    encoded = orjson.dumps(hook(value))
                out.append(b"    " + key + b": " + encoded)
        except BaseException:
            self._parts.used = {}  # this campaign's parts: the cache stays the last save's
            raise
        self._parts.done()
        return b"{\n" + b",\n".join(out) + b"\n  }"


def _brackets(items: bytes | bytearray, depth: int) -> tuple[bytes | bytearray, ...]:
    """The pieces of a JSON array whose items, one per line, are joined in ``items``; ``depth``
    is the array's indentation (two spaces each), its items one deeper."""
    if not items:
        return (b"[]",)
    return b"[\n" + b"  " * (depth + 1), items, b"\n" + b"  " * depth + b"]"
