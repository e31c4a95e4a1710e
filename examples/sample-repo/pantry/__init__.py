"""pantry: kitchen inventory, recipe scaling and shopping lists."""

__version__ = "0.3.1"
