"""``apotheose serve NAME [--port 2222] [--host 127.0.0.1] [--max-sessions 16] …`` and ``--web``.

An SSH server for the players of one campaign (:mod:`tui.serve.server`): each player runs
``ssh -p PORT PLAYER@HOST`` and gets the players' view, live, in their own terminal. Who may
enter: ``apotheose players``. With ``--web``, the players' view in a browser instead
(:mod:`tui.serve.web`: a link with the campaign's secret, printed with its QR code), or beside
the SSH server with ``--web --ssh``. It listens on 127.0.0.1 unless ``--host`` says otherwise
(and then says so), prints the host key's fingerprint (players can check it when ssh asks),
never writes the campaign, and runs beside the GM's app until ctrl+c. Exit status 0 when
stopped, 1 when the campaign, the host key, the link's secret or the address cannot be had, 2
for bad command-line input. Only this command imports asyncssh (and textual-serve, for
``--web``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncssh

    from saves.access import Access
    from tui.cli.campaign import OneLineParser
    from tui.serve.server import Table
    from tui.serve.web import WebTable

    #: The SSH side of the server: the table, its host key and the key's path, who may enter.
    SshSide = tuple[Table, asyncssh.SSHKey, Path, Access]

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def parser() -> OneLineParser:
    from tui.cli.campaign import _parser

    p = _parser(
        "serve", "Let the players join over SSH, or in a browser with --web: each gets the players' view, live."
    )
    p.add_argument("campaign", metavar="NAME|FILE", help="the campaign to serve")
    p.add_argument("--port", type=_port, default=2222, help="the port (default 2222; 0: any free one)")
    p.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
    )
    p.add_argument(
        "--max-sessions", type=_positive, default=16, metavar="N", help="players watching at once (default 16)"
    )
    p.add_argument(
        "--max-per-player",
        type=_positive,
        default=2,
        metavar="N",
        help="sessions one player may have open at once (default 2)",
    )
    p.add_argument(
        "--host-key",
        metavar="FILE",
        help="the server's key (default: ssh_host_ed25519_key in the config folder, made on first use)",
    )
    p.add_argument(
        "--login-grace",
        type=_positive,
        default=30,
        metavar="S",
        help="seconds to log in, and to type an invitation code (default 30)",
    )
    p.add_argument(
        "--max-failures",
        type=_positive,
        default=10,
        metavar="N",
        help="failed logins (a key refused, a wrong code) from one address before it is refused for 10 minutes (default 10)",
    )
    p.add_argument(
        "--keepalive",
        type=_seconds,
        default=None,
        metavar="S",
        help="seconds of a player's silence before the server checks the link; a dead link is closed "
        "after 3 unanswered checks (default 5: within about 20 s)",
    )
    _web_arguments(p)
    return p


def _web_arguments(p: argparse.ArgumentParser) -> None:
    """The views' language and the browser side's options."""
    p.add_argument("--lang", choices=("en", "fr"), default=None, help="the views' language (default: from LANG)")
    p.add_argument(
        "--web", action="store_true", help="the players' view in a browser (alone, or beside the SSH server with --ssh)"
    )
    p.add_argument("--ssh", action="store_true", help="with --web: the SSH server too")
    p.add_argument(
        "--web-port",
        type=_port,
        default=8000,
        metavar="PORT",
        help="the browser view's port (default 8000; 0: any free one)",
    )
    p.add_argument(
        "--web-sends",
        action="store_true",
        help="with --web: a tab whose link names a PC (&pc=) may send that PC's rolls "
        "(the link is the whole table's: anyone holding it could send for any PC)",
    )
    p.add_argument(
        "--max-tabs", type=_positive, default=12, metavar="N", help="browser tabs watching at once (default 12)"
    )


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0…65535)")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0.1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0.1 to 3600")
    return value


def _positive(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 10000")
    return int(text)


def main_serve(argv: Sequence[str]) -> int:
    from tui.cli.campaign import _run

    return _run("serve", parser(), argv, _serve)


def _serve(args: argparse.Namespace) -> int:
    from saves.errors import SaveError
    from saves.players_file import players_path
    from tui.cli.campaign import _campaign_file
    from tui.i18n import default_lang

    campaign = _campaign_file(args.campaign, args.saves)
    if not os.path.lexists(campaign):
        raise SaveError(campaign, "no such campaign: create it with apotheose new")
    lang = args.lang or default_lang(os.environ)
    ssh: SshSide | None = None
    if args.ssh or not args.web:
        side = _ssh_table(args, campaign, lang)
        if isinstance(side, int):
            return side
        ssh = side
    web = None
    if args.web:
        from saves.web_token import ensure_token
        from tui.serve.web import WebTable

        ensure_token(campaign)  # made on first use; a file others may read is refused here
        web = WebTable(
            campaign,
            players_path(campaign),
            max_tabs=args.max_tabs,
            lang=lang,
            log=_log,
            inbound=ssh[0].inbound if ssh is not None else None,  # one inbox's rules for both sides
            sends=args.web_sends,
        )
    return asyncio.run(_main(ssh, web, args))


def _ssh_table(args: argparse.Namespace, campaign: Path, lang: str) -> SshSide | int:
    """(the SSH table, its host key and the key's path, who may enter), or the exit status."""
    from saves.access import read_access
    from saves.players_file import players_path

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
        campaign,
        players_path(campaign),
        max_sessions=args.max_sessions,
        max_per_player=args.max_per_player,
        max_failures=args.max_failures,
        login_grace=float(args.login_grace),
        lang=lang,
        log=_log,
        **({} if args.keepalive is None else {"keepalive": args.keepalive}),
    )
    return table, key, key_path, known


def _log(text: str) -> None:
    from core.text import visible

    print(f"apotheose serve: {visible(text, lines=False)}", flush=True)


def _where(host: str) -> None:
    if host not in LOOPBACK:
        print(
            f"apotheose serve: listening on {host}, reachable from other machines (players still need a key, an invitation or the link)",
            flush=True,
        )
    else:
        print("apotheose serve: this machine only (--host 0.0.0.0 to let other machines in)", flush=True)


async def _start_ssh(ssh: SshSide, host: str, port: int) -> asyncssh.SSHAcceptor | None:
    """The SSH server listening, its address, host key and players said; None if it cannot listen."""
    from tui.serve.server import serve

    table, key, key_path, known = ssh
    try:
        acceptor = await serve(table, key, host, port)
    except OSError as error:
        print(f"apotheose serve: cannot listen on {host}:{port} ({error.strerror or error})", file=sys.stderr)
        return None
    bound = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else port
    print(f"apotheose serve: {table.campaign.stem} on {host}:{bound}", flush=True)
    _where(host)
    print(f"apotheose serve: host key {key.get_fingerprint()} ({key_path})", flush=True)
    names = known.listed()
    print(
        f"apotheose serve: players: {', '.join(names) if names else f'none yet (apotheose players add|invite {table.campaign.stem} …)'}",
        flush=True,
    )
    join = join_line(host, bound)
    print(f"apotheose serve: players join with: {join.format(player='PLAYER')}; ctrl+c stops", flush=True)
    _remember(table, host, bound)
    return acceptor


def shown_host(host: str) -> str:
    """The host a player types: this machine's name when listening on every address."""
    import socket

    return socket.gethostname() if host in ("0.0.0.0", "::", "") else host


def join_line(host: str, port: int) -> str:
    """The line a player types, with ``{player}`` for their name."""
    port_part = "" if port == 22 else f"-p {port} "
    return f"ssh {port_part}{{player}}@{shown_host(host)}"


def _remember(table: Table, host: str, port: int) -> None:
    """Keep where the server listens in the access list: ``players invite`` prints it."""
    from saves.access import remember_server

    try:
        remember_server(table.campaign, shown_host(host), port)
    except Exception as error:  # noqa: BLE001 - only the invitations' join line misses it
        table.log(f"the server's address could not be kept in the access list ({error})")


async def _main(ssh: SshSide | None, web: WebTable | None, args: argparse.Namespace) -> int:
    host = args.host
    acceptor = runner = server = watcher = access_watcher = None
    try:
        if ssh is not None:
            acceptor = await _start_ssh(ssh, host, args.port)
            if acceptor is None:
                return 1
            access_watcher = asyncio.get_running_loop().create_task(ssh[0].watch_access())
        if web is not None:
            from tui.serve import web as browser

            try:
                server, runner, port = await browser.start(web, host, args.web_port)
            except OSError as error:
                print(
                    f"apotheose serve: cannot listen on {host}:{args.web_port} ({error.strerror or error})",
                    file=sys.stderr,
                )
                return 1
            print(f"apotheose serve: {web.campaign.stem}, browser view on {host}:{port}", flush=True)
            if ssh is None:
                _where(host)
            link = _link_printer(web, host, port)
            link(web.token())
            watcher = asyncio.get_running_loop().create_task(server.watch_token(link))
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        for task in (watcher, access_watcher):
            if task is not None:
                task.cancel()
        if acceptor is not None and ssh is not None:
            acceptor.close()
            await ssh[0].close()
            await acceptor.wait_closed()
        if runner is not None and web is not None:
            from tui.serve import web as browser

            await browser.stop(web, runner)
    print("apotheose serve: stopped", flush=True)
    return 0


def _link_printer(web: WebTable, host: str, port: int) -> Callable[[str | None], None]:
    """What prints the players' link (and its QR code on a terminal), now and when renewed."""
    import socket

    shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    stem = web.campaign.stem

    def said(token: str | None) -> None:
        if token is None:
            print(
                f"apotheose serve: no browser link works now (the secret cannot be read): apotheose players link {stem} --renew",
                flush=True,
            )
            return
        url = f"http://{shown}:{port}/?token={token}"
        print(f"apotheose serve: players open: {url}", flush=True)
        if sys.stdout.isatty():
            _qr(url)
        print(
            "apotheose serve: a player's own link adds &pc=NAME (their character: the view tells them their turn)",
            flush=True,
        )
        print(
            f"apotheose serve: the link is the table's secret; apotheose players link {stem} --renew makes a new one "
            f"(the old one then stops working); at most {web.max_tabs} tabs; ctrl+c stops",
            flush=True,
        )

    return said


def _qr(text: str) -> None:
    import segno

    segno.make(text, error="l").terminal(compact=True, border=2)
    sys.stdout.flush()
