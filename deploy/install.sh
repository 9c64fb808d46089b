#!/usr/bin/env bash
# Install Boardlight as a service on Raspberry Pi OS or Debian (Bookworm or newer).  Run as
# root from a checkout:  sudo deploy/install.sh
# It copies the checkout to /opt/boardlight, creates its environment there, adds a
# 'boardlight' system user in the gpio, dialout and spi groups, installs the config (if
# there is none yet), the systemd unit and the avahi announcement, and starts the service.
# Running it again updates the code and keeps the config and the games.
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)
dest=/opt/boardlight
export DEBIAN_FRONTEND=noninteractive
umask 022  # what it makes (the environment, the config) the service's user can read

echo "== packages: Python, a C compiler and Python's headers (the Abalone search core is built"
echo "   from source at install), avahi for board.local, lgpio for gpiozero where the archive has it"
apt-get update -qq
packages=(python3 python3-venv python3-dev gcc libc6-dev avahi-daemon)
# python3-lgpio (gpiozero's pin library, the only one that works on a Pi 5) is in Raspberry
# Pi OS's archive, not in Debian's.  Only a board wired to GPIO pins needs it; a board on USB
# serial (a Pico) does not, so on plain Debian the install goes on without it.
lgpio=no
if LC_ALL=C apt-cache policy python3-lgpio 2>/dev/null | grep -q '^ *Candidate: [^(]'; then
    packages+=(python3-lgpio)
    lgpio=yes
fi
apt-get install -y -qq "${packages[@]}"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
    echo "Boardlight needs Python 3.11 or newer (Bookworm or newer); this is $(python3 -V)" >&2
    exit 1
}

echo "== user"
for group in gpio dialout spi; do getent group "$group" >/dev/null || groupadd --system "$group"; done
id boardlight >/dev/null 2>&1 || useradd --system --home /var/lib/boardlight --shell /usr/sbin/nologin boardlight
usermod -a -G gpio,dialout,spi boardlight

echo "== code in $dest"
mkdir -p "$dest"
if [ "$src" != "$dest" ]; then
    # A fresh copy of the code (files gone from the checkout go here too); the environment stays.
    find "$dest" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
    tar -C "$src" --exclude=.venv --exclude=.git --exclude=test-artifacts --exclude=node_modules \
        --exclude=__pycache__ --exclude=./build --exclude='_abalone*.so' -cf - . | tar -C "$dest" -xf -
    # The service's user reads and runs it, whatever the checkout's modes were (a clone made
    # under umask 077, or into a private folder, copies as owner-only).
    chmod -R u+rwX,go+rX,go-w "$dest"
fi
# The service's own environment: Boardlight and what it runs on, not the test tools.  The
# install compiles the Abalone search core (controller/ai/csrc) for this machine.
[ -x "$dest/.venv/bin/python" ] || python3 -m venv "$dest/.venv"
"$dest/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$dest"
pth="$(ls -d "$dest"/.venv/lib/python3*/site-packages)/system-lgpio.pth"
if [ "$lgpio" = yes ]; then
    # gpiozero finds lgpio through the system package
    echo "/usr/lib/python3/dist-packages" > "$pth"
else
    rm -f "$pth"
fi

echo "== config"
mkdir -p /etc/boardlight
[ -f /etc/boardlight/config.toml ] || install -m 0644 "$src/deploy/config.toml" /etc/boardlight/config.toml

echo "== service"
install -m 0644 "$src/deploy/boardlight.service" /etc/systemd/system/boardlight.service
install -m 0644 "$src/deploy/boardlight.avahi.service" /etc/avahi/services/boardlight.service
systemctl daemon-reload
systemctl enable boardlight.service
# Type=notify: this returns once the service says it is ready (or has failed).
systemctl restart boardlight.service
systemctl restart avahi-daemon || true

port=$(sed -n 's/^port *= *\([0-9]*\).*/\1/p' /etc/boardlight/config.toml | head -1)
echo "Boardlight runs: http://$(hostname).local:${port:-8080}/  (journalctl -u boardlight -f for its log)"
echo "To reach it as board.local: sudo hostnamectl set-hostname board && sudo reboot"
if [ "$lgpio" = no ]; then
    echo "No python3-lgpio in this system's package archive (Raspberry Pi OS has it): a board on"
    echo "USB serial (a Pico, [board] kind = \"serial\") works as it is; a board wired to GPIO pins"
    echo "([board] kind = \"gpio\") needs lgpio: sudo $dest/.venv/bin/pip install lgpio"
    echo "(PyPI's lgpio, with its C library inside the wheel)"
fi
