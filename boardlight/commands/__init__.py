"""One module per ``boardlight`` subcommand; each has ``register(subparsers)``."""
