"""Sensors and lights: GPIO sensor matrix, LED drivers, board profiles, the simulated board."""
