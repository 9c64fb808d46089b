# One board build: edit these numbers to match your wiring (see README.md).
#
# The defaults are an Abalone board: 61 cells on a 9 x 9 reed-switch matrix (20 matrix places
# unused), 61 WS2812 pixels, one end-of-turn button.

FIRMWARE_VERSION = (1, 0, 0)

SENSE = "presence"  # "presence": reed matrix; "polarity": two Hall switches per sensor
ROW_PINS = (0, 1, 2, 3, 4, 5, 6, 7, 8)  # GP0..GP8 drive the rows (low = selected)
COL_PINS = (9, 10, 11, 12, 13, 14, 15, 16, 17)  # GP9..GP17 read the columns (pulled up)
SENSOR_COUNT = 61

LED_PIN = 22  # GP22: WS2812 data in, through a 3.3 V -> 5 V level shifter
LED_COUNT = 61
LED_STATE_MACHINE = 0

BUTTON_PINS = (18,)  # GP18: push button to ground
BUTTON_NAMES = ("end-turn",)
SAFE_MODE_PIN = 18  # held down at power-up: do not start, leave the REPL to mpremote

SCAN_HZ = 200
DEBOUNCE_SCANS = 3  # 15 ms at 200 Hz
HOST_TIMEOUT_MS = 5000  # LEDs go dark when the host has been silent this long (0: never)
ROW_SETTLE_US = 3  # after selecting a row, before reading the columns
