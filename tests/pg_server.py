"""A throwaway PostgreSQL cluster for the tests: initdb in a temp dir, started on a free loopback port.

Debian's server binaries live in /usr/lib/postgresql/<version>/bin (not on
PATH). initdb refuses to run as root, so under root the cluster belongs to the
unprivileged `postgres` user (its folder is handed over to it); as anyone
else it runs as that user. The cluster trusts loopback connections and skips
fsync: it lives only as long as the test session.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

#: Set (to 1) on CI: a machine without PostgreSQL binaries fails the suite instead of skipping.
REQUIRE_ENV = "PINOCHLE_REQUIRE_POSTGRES"
#: The major version the image installs; any other found is used when it is missing.
PREFERRED = "15"


def find_bin() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when no PostgreSQL server is installed."""
    preferred = Path(f"/usr/lib/postgresql/{PREFERRED}/bin")
    if (preferred / "initdb").exists():
        return preferred
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One running cluster; `new_database()` gives each test an empty database of its own."""

    def __init__(self, bin_dir: Path, *, durable: bool = False) -> None:
        """`durable`: fsync and synchronous commits as a real server has them (benchmarks)."""
        self.bin_dir = bin_dir
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="pinochle-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)
        self.started = False

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        if self._as_postgres:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c max_connections=300"
        )
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = str(self.root / "server.log")
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", log, "-w", "-t", "60", "-o", options, "start"
        )
        self.started = True

    def stop(self) -> None:
        try:
            if self.started:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """The URL of a new, empty database."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            # FILE_COPY (PostgreSQL 15+) copies the template's files instead of writing them all
            # to the WAL: nearly half the time per test, and nothing to lose without fsync.
            strategy = " STRATEGY = FILE_COPY" if conn.get_server_version().major >= 15 else ""
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0{strategy}')
        finally:
            await conn.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        """Drop a database `new_database` made, even with connections a test left open: the
        cluster's files stay a few databases large instead of one per test, so stopping it at the
        session's end is quick."""
        name = url.rsplit("/", 1)[1]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()
