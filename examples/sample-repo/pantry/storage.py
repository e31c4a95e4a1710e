"""Saving and loading the inventory as JSON."""

import json
from datetime import date

from .inventory import Inventory, Item


def save_inventory(inventory, path):
    """Write the inventory to a JSON file."""
    data = [
        {"name": i.name, "quantity": i.quantity, "unit": i.unit,
         "expires": i.expires.isoformat() if i.expires else None}
        for i in inventory.items.values()
    ]
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2)


def load_inventory(path):
    """Read an inventory written by save_inventory."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    inventory = Inventory()
    for row in data:
        expires = date.fromisoformat(row["expires"]) if row["expires"] else None
        inventory.items[row["name"]] = Item(row["name"], row["quantity"], row["unit"], expires)
    return inventory
