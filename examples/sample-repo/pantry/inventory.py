"""The pantry's inventory: items, quantities and expiry dates."""

from dataclasses import dataclass, field
from datetime import date, timedelta

from .units import normalize


@dataclass
class Item:
    name: str
    quantity: float
    unit: str
    expires: date | None = None


@dataclass
class Inventory:
    items: dict[str, Item] = field(default_factory=dict)

    def add_item(self, name, quantity, unit, expires=None):
        """Add stock; quantities of the same item are summed in the base unit."""
        amount, base_unit = normalize(quantity, unit)
        if name in self.items:
            self.items[name].quantity += amount
        else:
            self.items[name] = Item(name, amount, base_unit, expires)

    def remove_item(self, name, quantity, unit):
        """Take stock out; never below zero."""
        amount, _ = normalize(quantity, unit)
        item = self.items.get(name)
        if item is None:
            raise KeyError(f"no {name} in the pantry")
        item.quantity = max(0.0, item.quantity - amount)

    def find_expiring(self, today, within_days=3):
        """Items that expire within the given number of days."""
        horizon = today + timedelta(days=within_days)
        return [i for i in self.items.values() if i.expires and i.expires <= horizon]

    def stock_of(self, name):
        """Quantity in stock, in the base unit, or 0."""
        item = self.items.get(name)
        return item.quantity if item else 0.0
