"""Issue 15, item 6: a forged ``.lock.info`` is shown as data; another host's lock names the file."""

from __future__ import annotations

import orjson

from core.demo import demo_campaign
from saves.lock import Holder, info_path
from saves.store import create_campaign, open_campaign


def test_a_forged_holder_is_escaped_and_cut():
    raw = orjson.dumps({"user": "[/]\x1b]0;pwned\x07" + "u" * 1000, "host": "h\x9b", "pid": 3, "since": "\u202e"})
    holder = Holder.from_json(raw)
    text = holder.describe()
    assert "[/]" in text  # shown as typed (the app shows it as plain text)
    assert not any(c in text for c in "\x1b\x07\x9b\u202e")
    assert len(holder.user) <= 256


def test_another_hosts_lock_says_which_file_to_delete(tmp_path):
    path = create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))
    info_path(path).write_bytes(
        orjson.dumps({"user": "Morvan [/]", "host": "elsewhere.invalid", "pid": 1, "since": ""})
    )
    opened = open_campaign(path)
    try:
        assert opened.read_only
        assert "Morvan [/] on elsewhere.invalid" in opened.locked_by
        assert f"delete {info_path(path)}" in opened.locked_by
    finally:
        opened.close()
