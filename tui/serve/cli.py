"""``apotheose serve NAME [--port 2222] [--host 127.0.0.1] [--max-sessions 16] …``.

An SSH server for the players of one campaign (:mod:`tui.serve.server`): each player runs
``ssh -p PORT PLAYER@HOST`` and gets the players' view, live, in their own terminal. Who may
enter: ``apotheose players``. It listens on 127.0.0.1 unless ``--host`` says otherwise (and then
says so), prints the host key's fingerprint (players can check it when ssh asks), never writes
the campaign, and runs beside the GM's app until ctrl+c. Exit status 0 when stopped, 1 when
the campaign, the host key or the address cannot be had, 2 for bad command-line input. Only
this command imports asyncssh.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def parser():
    from tui.cli.campaign import _parser

    p = _parser("serve", "Let the players join over SSH: each gets the players' view, live.")
    p.add_argument("campaign", metavar="NAME|FILE", help="the campaign to serve")
    p.add_argument("--port", type=_port, default=2222, help="the port (default 2222; 0: any free one)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--max-sessions", type=_positive, default=16, metavar="N", help="players watching at once (default 16)")
    p.add_argument("--host-key", metavar="FILE", help="the server's key (default: ssh_host_ed25519_key in the config folder, made on first use)")
    p.add_argument("--login-grace", type=_positive, default=30, metavar="S", help="seconds to log in (default 30)")
    p.add_argument("--max-failures", type=_positive, default=10, metavar="N", help="failed logins from one address before it is refused for 10 minutes (default 10)")
    p.add_argument("--lang", choices=("en", "fr"), default=None, help="the views' language (default: from LANG)")
    return p


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0…65535)")
    return int(text)


def _positive(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 10000")
    return int(text)


def main_serve(argv: Sequence[str]) -> int:
    from tui.cli.campaign import _run

    return _run("serve", parser(), argv, _serve)


def _serve(args: argparse.Namespace) -> int:
    from saves.access import read_access
    from saves.errors import SaveError
    from saves.players_file import players_path
    from tui.cli.campaign import _campaign_file
    from tui.i18n import default_lang

    campaign = _campaign_file(args.campaign, args.saves)
    if not os.path.lexists(campaign):
        raise SaveError(campaign, "no such campaign: create it with apotheose new")
    known = read_access(campaign)  # a damaged list is said now, not at the first login
    import asyncssh  # only now: every other command answers without it

    from tui.keymap import config_dir
    from tui.serve.server import Table, host_key

    key_path = Path(args.host_key).expanduser() if args.host_key else config_dir() / "ssh_host_ed25519_key"
    try:
        key = host_key(key_path)
    except (OSError, asyncssh.KeyImportError) as error:
        print(f"apotheose serve: {key_path}: cannot use the host key ({error})", file=sys.stderr)
        return 1
    table = Table(
        campaign, players_path(campaign), max_sessions=args.max_sessions, max_failures=args.max_failures,
        login_grace=float(args.login_grace), lang=args.lang or default_lang(os.environ), log=_log,
    )
    return asyncio.run(_main(table, key, key_path, args.host, args.port, known))


def _log(text: str) -> None:
    from core.text import visible

    print(f"apotheose serve: {visible(text, lines=False)}", flush=True)


async def _main(table, key, key_path: Path, host: str, port: int, known) -> int:
    from tui.serve.server import serve

    try:
        acceptor = await serve(table, key, host, port)
    except OSError as error:
        print(f"apotheose serve: cannot listen on {host}:{port} ({error.strerror or error})", file=sys.stderr)
        return 1
    bound = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else port
    where = f"{host}:{bound}"
    print(f"apotheose serve: {table.campaign.stem} on {where}", flush=True)
    if host not in LOOPBACK:
        print(f"apotheose serve: listening on {host}, reachable from other machines (players still need a key or an invitation)", flush=True)
    else:
        print("apotheose serve: this machine only (--host 0.0.0.0 to let other machines in)", flush=True)
    print(f"apotheose serve: host key {key.get_fingerprint()} ({key_path})", flush=True)
    names = [p.name for p in known.players] + [f"{i.player} (invited)" for i in known.invitations]
    print(f"apotheose serve: players: {', '.join(names) if names else f'none yet (apotheose players add|invite {table.campaign.stem} …)'}", flush=True)
    print(f"apotheose serve: players join with: ssh -p {bound} PLAYER@HOST; ctrl+c stops", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    acceptor.close()
    await table.close()
    await acceptor.wait_closed()
    print("apotheose serve: stopped", flush=True)
    return 0
