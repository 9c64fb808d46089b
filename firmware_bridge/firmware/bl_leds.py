# WS2812 pixels behind a PIO state machine, with blinking done on the board.

from array import array

BLINK_HALF_PERIOD_MS = 250  # 2 Hz: 250 ms on, 250 ms off


def pixel_word(r, g, b):
    """The 24-bit GRB word a WS2812 expects (sent most significant bit first)."""
    return (g << 16) | (r << 8) | b


class Pixels:
    """A chain of ``count`` pixels fed through a state machine running the ws2812 program.

    The program shifts out 24 bits per word from the top, so words go in shifted left by 8.
    Writes happen only when what the chain should show changed (a new frame, a blink phase).
    """

    def __init__(self, sm, count):
        self.sm = sm
        self.count = count
        self._lights = [(0, 0, 0, False)] * count
        self._words = array("I", [0] * count)
        self._phase_on = True
        self._dirty = True
        self._blinking = False

    def set(self, lights):
        """``lights``: one (r, g, b, blink) per pixel."""
        self._lights = list(lights)
        self._blinking = any(light[3] for light in lights)
        self._dirty = True

    def blank(self):
        self.set([(0, 0, 0, False)] * self.count)

    def tick(self, now_ms):
        phase_on = (now_ms // BLINK_HALF_PERIOD_MS) % 2 == 0
        if phase_on != self._phase_on:
            self._phase_on = phase_on
            if self._blinking:
                self._dirty = True
        if not self._dirty:
            return
        words = self._words
        for i in range(self.count):
            r, g, b, blink = self._lights[i]
            words[i] = pixel_word(r, g, b) if phase_on or not blink else 0
        self.sm.put(words, 8)
        self._dirty = False
