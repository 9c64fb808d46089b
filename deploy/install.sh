#!/usr/bin/env bash
# Install Boardlight as a service on Raspberry Pi OS (Bookworm or newer).  Run as root from
# a checkout:  sudo deploy/install.sh
# It copies the checkout to /opt/boardlight, creates its environment there, adds a
# 'boardlight' system user in the gpio, dialout and spi groups, installs the config (if
# there is none yet), the systemd unit and the avahi announcement, and starts the service.
set -euo pipefail
[ "$(id -u)" = 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)
dest=/opt/boardlight

echo "== packages: lgpio for gpiozero, avahi for board.local"
apt-get update -qq
apt-get install -y -qq python3 python3-venv python3-lgpio avahi-daemon

echo "== user"
for group in gpio dialout spi; do getent group "$group" >/dev/null || groupadd --system "$group"; done
id boardlight >/dev/null 2>&1 || useradd --system --home /var/lib/boardlight --shell /usr/sbin/nologin boardlight
usermod -a -G gpio,dialout,spi boardlight

echo "== code in $dest"
mkdir -p "$dest"
tar -C "$src" --exclude=.venv --exclude=.git --exclude=test-artifacts -cf - . | tar -C "$dest" -xf -
BOARDLIGHT_VENV="$dest/.venv" python3 "$dest/bootstrap.py" env
# gpiozero finds lgpio through the system package
echo "/usr/lib/python3/dist-packages" > "$(ls -d "$dest"/.venv/lib/python3*/site-packages)/system-lgpio.pth"

echo "== config"
mkdir -p /etc/boardlight
[ -f /etc/boardlight/config.toml ] || install -m 0644 "$src/deploy/config.toml" /etc/boardlight/config.toml

echo "== service"
install -m 0644 "$src/deploy/boardlight.service" /etc/systemd/system/boardlight.service
install -m 0644 "$src/deploy/boardlight.avahi.service" /etc/avahi/services/boardlight.service
systemctl daemon-reload
systemctl enable --now boardlight.service
systemctl restart avahi-daemon || true

echo "Boardlight runs: http://$(hostname).local:8080/  (journalctl -u boardlight -f for its log)"
echo "To reach it as board.local: sudo hostnamectl set-hostname board && sudo reboot"
