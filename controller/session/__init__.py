"""The game session: sensor evidence and phone choices in, committed moves and lights out."""
