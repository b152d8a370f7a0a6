"""``serve --keepalive`` (issue 37): how long a player's silence lasts before the server checks the
link. The default no longer wakes every idle session twice a second, and still finds a dead link
within half a minute; the silent-link test (``test_serve_orphans``) runs with a short one."""

from __future__ import annotations

import pytest

from tui.cli.campaign import Rejected
from tui.serve.cli import parser
from tui.serve.server import KEEPALIVE_COUNT, KEEPALIVE_INTERVAL, Table


def test_keepalive_takes_seconds_and_refuses_what_is_not() -> None:
    assert parser().parse_args(["villon", "--keepalive", "2.5"]).keepalive == 2.5
    assert parser().parse_args(["villon"]).keepalive is None  # the server's default
    for bad in ("0", "-1", "x", "100000"):
        with pytest.raises((SystemExit, Rejected)):
            parser().parse_args(["villon", "--keepalive", bad])


def test_the_default_checks_an_idle_link_seldom_and_finds_a_dead_one_within_30_s(tmp_path) -> None:
    table = Table(tmp_path / "villon.json", tmp_path / "villon.players.json")
    assert table.keepalive == KEEPALIVE_INTERVAL
    assert KEEPALIVE_INTERVAL >= 5 and (KEEPALIVE_COUNT + 1) * KEEPALIVE_INTERVAL <= 30
    assert Table(tmp_path / "v.json", tmp_path / "v.players.json", keepalive=0.3).keepalive == 0.3
