"""A booted Debian container for the installer's test: systemd-nspawn over a debootstrap tree.

The tree (Debian bookworm, minbase with systemd and dbus) is made once by ``debootstrap`` and
kept in a cache directory outside the checkout (``$BOARDLIGHT_DEPLOY_CACHE``, by default
``~/.cache/boardlight/deploy-test``); each run boots it under an overlay whose upper layer is a
tmpfs, so the cached tree stays as it was made and a run's changes (the install, the games)
survive the container's reboot but not the run, and are never written to disk.  The ``.deb``
files the installs download are kept beside the tree, so a cached run installs the same
packages without downloading them again.

The container shares the host's network (``systemd-nspawn`` without ``--private-network``):
apt and pip inside it reach the package registries as the host does (pip with the host's CA
bundle), and the service's port is a port of the host.  The tree is plain debootstrap but for
its hostname, dpkg without fsync, and four masked units: apt's daily timers (they would race
the installer for apt's lock) and avahi (it would announce the container on the host's
network).  Everything else is the installer's.

It is entered with ``nsenter`` (``--register=no``: no machined).  ``stop()`` always ends it: a
clean poweroff, else SIGKILL to its PID 1 (which ends every process in its PID namespace), then
the overlay and the tmpfs are unmounted and, on a host whose init is not systemd, the cgroups
made for it are removed.  A run killed half-way leaves its container to the next run, which
ends it first.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

SUITE = "bookworm"
INCLUDE = ("systemd-sysv", "dbus")
MASKED = ("apt-daily.timer", "apt-daily-upgrade.timer", "avahi-daemon.service",
          "avahi-daemon.socket")
# dpkg without its fsync calls (as Debian's own container images have it): the tree is a
# cache and each run's changes are thrown away; debootstrap and the install go faster.
DPKG_CONFIG = "force-unsafe-io\n"
RECIPE = (f"{SUITE} minbase +{','.join(INCLUDE)} masked {','.join(MASKED)} "
          f"dpkg {DPKG_CONFIG.strip()} 1\n")
HOSTNAME = "boardlight-test"
RUN_SIZE = "3g"  # the tmpfs that holds a run's changes (an install takes about 300 MB)
CHECKOUT_INSIDE = "/mnt/boardlight"  # where the checkout is bound, read-only
HOST_CA = "/run/host-ca.crt"  # where the host's CA bundle is bound, for pip
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
CGROUP_PREFIX = "boardlight-deploy-test-"
# What the test needs on the host, and the Debian package that brings it (bootstrap.py test
# installs them when missing).
TOOLS = {"debootstrap": "debootstrap", "systemd-nspawn": "systemd-container",
         "nsenter": "util-linux", "mount": "mount", "umount": "mount"}


def cache_dir() -> Path:
    if os.environ.get("BOARDLIGHT_DEPLOY_CACHE"):
        return Path(os.environ["BOARDLIGHT_DEPLOY_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "boardlight" / "deploy-test"


def missing() -> list[str]:
    """What this machine lacks to run the container, in words; empty when nothing."""
    problems = [f"{tool} (Debian package {package})" for tool, package in TOOLS.items()
                if find(tool) is None]
    if os.geteuid() != 0:
        problems.append("root (systemd-nspawn and mount need it)")
    return problems


def find(tool: str) -> str | None:
    return shutil.which(tool, path=f"{os.environ.get('PATH', '')}:{PATH}")


def tool(name: str) -> str:
    found = find(name)
    assert found is not None, f"{name} is missing"
    return found


@contextlib.contextmanager
def locked(cache: Path) -> Iterator[None]:
    """One container at a time per cache (the tree and the apt cache are shared)."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / "lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def host_mirror() -> str | None:
    """The Debian mirror the host's apt uses for the suite, or None (debootstrap's own)."""
    apt = find("apt-get")
    if apt is None:
        return None
    result = subprocess.run([apt, "indextargets", "--format", "$(RELEASE) $(REPO_URI)"],
                            capture_output=True, text=True, timeout=60)
    for line in result.stdout.splitlines():
        release, _, uri = line.partition(" ")
        if release == SUITE and uri:
            return uri
    return None


def cached_tree(cache: Path, log: Path) -> tuple[Path, bool]:
    """The debootstrap tree, made when the cache has none of this recipe; (tree, made now).

    Call it holding ``locked(cache)``."""
    tree, recipe = cache / SUITE, cache / f"{SUITE}.recipe"
    if tree.is_dir() and recipe.exists() and recipe.read_text() == RECIPE:
        return tree, False
    recipe.unlink(missing_ok=True)
    fresh = cache / f"{SUITE}.new"
    for old in (tree, fresh):
        if old.exists():
            unmount_below(old)  # a debootstrap killed half-way leaves its /proc and /sys
            shutil.rmtree(old)
    # Laid before debootstrap runs, so that its own dpkg runs read it too.
    (fresh / "etc" / "dpkg" / "dpkg.cfg.d").mkdir(parents=True)
    (fresh / "etc" / "dpkg" / "dpkg.cfg.d" / "boardlight-test").write_text(DPKG_CONFIG)
    command = [tool("debootstrap"), "--variant=minbase", f"--include={','.join(INCLUDE)}",
               SUITE, str(fresh)]
    mirror = host_mirror()
    if mirror:
        command.append(mirror)
    with open(log, "w") as out:
        done = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, timeout=900)
    assert done.returncode == 0, f"debootstrap failed ({done.returncode}):\n{tail(log)}"
    (fresh / "etc" / "hostname").write_text(f"{HOSTNAME}\n")
    units = fresh / "etc" / "systemd" / "system"
    for unit in MASKED:
        (units / unit).unlink(missing_ok=True)
        (units / unit).symlink_to("/dev/null")
    fresh.rename(tree)
    recipe.write_text(RECIPE)
    return tree, True


def tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return f"({path} is missing)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def mount_points() -> list[str]:
    with open("/proc/self/mountinfo") as mounts:
        return [line.split()[4] for line in mounts]


def is_mount(path: Path) -> bool:
    return str(path) in mount_points()


def unmount_below(path: Path) -> list[str]:
    """Detach every mount at or below ``path``, the deepest first; the mount points."""
    below = sorted((point for point in mount_points()
                    if point == str(path) or point.startswith(f"{path}/")), reverse=True)
    for point in below:
        subprocess.run([tool("umount"), "-l", point], check=False, timeout=60)
    return below


def systemd_is_init() -> bool:
    return Path("/run/systemd/system").is_dir()


def cgroup_roots() -> list[Path]:
    """This process's cgroups in the hierarchies systemd-nspawn uses (cgroup v2, and v1's
    name=systemd), as directories."""
    mounts: dict[str, tuple[str, str]] = {}  # kind -> (mount point, root within hierarchy)
    with open("/proc/self/mountinfo") as info:
        for line in info:
            left, _, right = line.partition(" - ")
            fields, (fstype, _source, options) = left.split(), right.split()[:3]
            if fstype == "cgroup2":
                mounts.setdefault("0", (fields[4], fields[3]))
            elif fstype == "cgroup" and "name=systemd" in options.split(","):
                mounts.setdefault("name=systemd", (fields[4], fields[3]))
    roots = []
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        number, controllers, path = line.split(":", 2)
        kind = "0" if number == "0" else controllers
        if kind in mounts:
            point, root = mounts.pop(kind)
            inside = os.path.relpath(path, root) if path.startswith(root) else "."
            roots.append(Path(point) / inside)
    return roots


def remove_cgroup(path: Path) -> None:
    if not path.is_dir():
        return
    for below, _dirs, _files in os.walk(path, topdown=False):
        with contextlib.suppress(OSError):
            os.rmdir(below)


def is_alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie no longer does)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (OSError, ValueError):
        return []


def is_container_init(pid: int) -> bool:
    """True when ``pid`` is PID 1 of a PID namespace below ours."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    for line in status.splitlines():
        if line.startswith("NSpid:"):
            ids = line.split()[1:]
            return len(ids) > 1 and ids[-1] == "1"
    return False


def clean_leftovers(cache: Path) -> list[str]:
    """End what a run that was killed half-way left: its container, its overlay, its cgroups.
    Returns what it found, in words."""
    found = []
    runs = cache / "runs"
    entries = list(runs.iterdir()) if runs.is_dir() else []
    for entry in entries:
        if not entry.is_dir():
            entry.unlink()
    roots = [entry / "root" for entry in entries if entry.is_dir()]
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if not argv or not argv[0].endswith(b"systemd-nspawn"):
            continue
        if any(str(root).encode() in argv for root in roots):
            pid = int(proc.name)
            found.append(f"container {pid}")
            for child in children(pid):
                if is_container_init(child):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(child, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            for _ in range(100):
                if not is_alive(pid):
                    break
                time.sleep(0.1)
    for root in roots:
        found += [f"mount {point}" for point in unmount_below(root.parent)]
        found.append(f"run directory {root.parent}")
        shutil.rmtree(root.parent, ignore_errors=True)
    if not systemd_is_init():
        for parent in cgroup_roots():
            for stale in parent.glob(f"{CGROUP_PREFIX}*"):
                found.append(f"cgroup {stale}")
                remove_cgroup(stale)
    return found


class Container:
    """A booted Debian container over ``tree`` with ``checkout`` bound read-only."""

    def __init__(self, tree: Path, checkout: Path, cache: Path, console: Path) -> None:
        self.tree, self.checkout, self.cache = tree, checkout, cache
        self.run_dir = cache / "runs" / f"run-{os.getpid()}-{time.time_ns()}"
        self.root = self.run_dir / "root"
        self.console = console  # what the container writes on its console, kept by the caller
        self.nspawn: subprocess.Popen[bytes] | None = None
        self.leader = 0
        self.cgroups: list[Path] = []
        self.stopped: list[str] = []
        self.host_ca = next((Path(p) for p in (os.environ.get("PIP_CERT"),
                                               "/etc/ssl/certs/ca-certificates.crt")
                             if p and Path(p).is_file()), None)

    # -- the overlay --------------------------------------------------------------------

    def mount(self) -> None:
        """The overlay: the cached tree below, this run's changes above, in memory (a tmpfs:
        nothing of the install is written to disk, so the container's shutdown has nothing to
        sync and the run's removal nothing to wait for)."""
        self.run_dir.mkdir(parents=True)
        subprocess.run([tool("mount"), "-t", "tmpfs", "-o", f"size={RUN_SIZE},mode=0755",
                        "boardlight-test", str(self.run_dir)], check=True, timeout=60)
        upper, work = self.run_dir / "upper", self.run_dir / "work"
        for path in (upper, work, self.root):
            path.mkdir()
        options = f"lowerdir={self.tree},upperdir={upper},workdir={work}"
        subprocess.run([tool("mount"), "-t", "overlay", "overlay", "-o", options,
                        str(self.root)], check=True, timeout=60)
        (self.cache / "apt-archives" / "partial").mkdir(parents=True, exist_ok=True)

    def write(self, path: str, text: str) -> None:
        """Write a file into the container's tree (before it boots, or while it runs)."""
        target = self.root / path.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    # -- booting and stopping -----------------------------------------------------------

    def boot(self, timeout: float = 120) -> str:
        """Boot the container and wait for its boot to finish; systemd's word for the state
        (``running``, or ``degraded`` when a unit failed)."""
        assert self.nspawn is None, "already booted"
        if not self.cgroups and not systemd_is_init():
            # Without systemd as the host's init, systemd-nspawn --keep-unit makes its
            # 'payload' and 'supervisor' cgroups beside itself: give it cgroups of its own,
            # removed by stop().
            name = f"{CGROUP_PREFIX}{os.getpid()}"
            self.cgroups = [parent / name for parent in cgroup_roots()]
            for group in self.cgroups:
                group.mkdir(exist_ok=True)
        binds = [f"--bind-ro={self.checkout}:{CHECKOUT_INSIDE}",
                 f"--bind={self.cache / 'apt-archives'}:/var/cache/apt/archives"]
        if self.host_ca is not None:
            binds.append(f"--bind-ro={self.host_ca}:{HOST_CA}")
        nspawn = [tool("systemd-nspawn"), "--register=no", "--keep-unit", "-D", str(self.root),
                  "-b", f"--machine={HOSTNAME}", "--console=read-only", *binds]
        enter = "".join(f'echo $$ > "{group}/cgroup.procs" && ' for group in self.cgroups)
        with open(self.console, "ab") as console:
            self.nspawn = subprocess.Popen(
                ["/bin/sh", "-c", f'{enter}exec "$@"', "sh", *nspawn], stdin=subprocess.DEVNULL,
                stdout=console, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not self.leader:
            assert self.nspawn.poll() is None, (
                f"systemd-nspawn exited ({self.nspawn.returncode}):\n{tail(self.console)}")
            assert time.monotonic() < deadline, f"no container init:\n{tail(self.console)}"
            self.leader = next((c for c in children(self.nspawn.pid) if is_container_init(c)), 0)
            time.sleep(0.05)
        state = ""
        while time.monotonic() < deadline:
            result = self.run(["systemctl", "is-system-running", "--wait"],
                              timeout=max(1.0, deadline - time.monotonic()), check=False)
            state = result.stdout.strip()
            if state in ("running", "degraded"):
                return state
            time.sleep(0.2)  # the manager is not up yet ("offline" or no bus)
        raise AssertionError(f"the container did not finish booting ({state!r}):\n"
                             f"{tail(self.console)}")

    def reboot(self, timeout: float = 120) -> str:
        """``systemctl reboot`` inside: systemd-nspawn exits with 133, as the container asks
        to be started again; boot it again over the same overlay."""
        assert self.nspawn is not None
        self.run(["systemctl", "reboot"], check=False)
        try:
            code = self.nspawn.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the container did not go down:\n{tail(self.console)}") \
                from None
        assert code == 133, f"systemd-nspawn exited with {code}, not 133 (reboot)"
        self.nspawn, self.leader = None, 0
        return self.boot(timeout)

    def stop(self) -> None:
        """End the container whatever state it is in, and undo the overlay and cgroups.

        ``stopped`` says how it went, step by step with the seconds each took."""
        began = time.monotonic()

        def step(what: str) -> None:
            self.stopped.append(f"{what} {time.monotonic() - began:.1f} s")

        try:
            if self.nspawn is not None and self.nspawn.poll() is None:
                if self.leader:
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        self.run(["systemctl", "poweroff"], check=False, timeout=20)
                    step("poweroff asked")
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.nspawn.wait(timeout=30)
                step("down" if self.nspawn.poll() is not None else "still up")
                leader = self.leader or next(
                    (c for c in children(self.nspawn.pid) if is_container_init(c)), 0)
                if self.nspawn.poll() is None and leader:
                    # PID 1 of the container's PID namespace: the kernel ends every process
                    # in it, and systemd-nspawn exits.
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(leader, signal.SIGKILL)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        self.nspawn.wait(timeout=20)
                    step("killed")
                if self.nspawn.poll() is None:
                    self.nspawn.kill()
                    self.nspawn.wait(timeout=20)
                    step("systemd-nspawn killed")
        finally:
            self.nspawn = None
            for mounted in (self.root, self.run_dir):
                if is_mount(mounted):
                    done = subprocess.run([tool("umount"), str(mounted)], check=False,
                                          timeout=60)
                    if done.returncode:
                        subprocess.run([tool("umount"), "-l", str(mounted)], check=False)
            step("unmounted")
            for group in self.cgroups:
                remove_cgroup(group)
            step("cgroups removed")
            shutil.rmtree(self.run_dir, ignore_errors=True)
            step("removed")

    def leftovers(self) -> list[str]:
        """What of this container is still there after stop(), in words (empty: nothing)."""
        found = []
        if self.leader and is_alive(self.leader) and is_container_init(self.leader):
            found.append(f"its PID 1 ({self.leader}) still runs")
        found += [f"mount {point}" for point in mount_points()
                  if point.startswith(str(self.run_dir))]
        found += [f"cgroup {group}" for group in self.cgroups if group.exists()]
        if self.run_dir.exists():
            found.append(f"{self.run_dir} is still there")
        return found

    # -- commands inside ----------------------------------------------------------------

    def run(self, command: list[str], *, env: dict[str, str] | None = None,
            timeout: float = 60, check: bool = True) -> subprocess.CompletedProcess[str]:
        """Run ``command`` inside the container as root, in a clean environment."""
        assert self.leader, "the container is not running"
        clean = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", "TERM": "dumb", **(env or {})}
        result = subprocess.run(
            [tool("nsenter"), "-t", str(self.leader), "-a", "env", "-i",
             *(f"{k}={v}" for k, v in clean.items()), *command],
            capture_output=True, text=True, timeout=timeout)
        if check:
            assert result.returncode == 0, (
                f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}\n"
                f"{result.stderr}")
        return result

    def pip_env(self) -> dict[str, str]:
        """pip's environment inside: the host's CA bundle (a host behind a TLS-inspecting
        proxy has its CA there and not in Debian's bundle)."""
        return {"PIP_CERT": HOST_CA} if self.host_ca is not None else {}
