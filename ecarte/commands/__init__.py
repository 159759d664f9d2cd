"""Subcommands of `ecarte`, one module each (see `ecarte.cli`)."""
