"""The serial protocol to the board's microcontroller, its link, and the reference firmware."""
