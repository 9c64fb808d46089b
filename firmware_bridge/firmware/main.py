# Boardlight reference firmware for the Raspberry Pi Pico (MicroPython): runs at power-up.
import bl_hw

bl_hw.main()
