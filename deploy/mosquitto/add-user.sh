#!/bin/sh
# Add (or change) a broker user for a Boardlight club night: the director, or a board.
#   sudo deploy/mosquitto/add-user.sh director
#   sudo deploy/mosquitto/add-user.sh table-1
# It asks for the password; the board then runs with
#   boardlight serve --club mqtt://table-1:PASSWORD@BROKER:1883 --board-name table-1
set -eu
FILE=${BOARDLIGHT_PASSWD:-/etc/mosquitto/boardlight.passwd}
if [ $# -ne 1 ]; then
  echo "usage: $0 USER   (director, or a board's name)" >&2
  exit 2
fi
case "$1" in
  *[!A-Za-z0-9_-]*|"") echo "$0: a user name is letters, digits, - and _ only" >&2; exit 2 ;;
esac
if [ -f "$FILE" ]; then
  mosquitto_passwd "$FILE" "$1"
else
  mosquitto_passwd -c "$FILE" "$1"
fi
chmod 640 "$FILE"
chown root:mosquitto "$FILE" 2>/dev/null || true
echo "user $1 is in $FILE; restart the broker: sudo systemctl restart mosquitto"
