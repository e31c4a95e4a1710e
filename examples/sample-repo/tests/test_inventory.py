from datetime import date

from pantry.inventory import Inventory


def test_add_sums_in_base_unit():
    inventory = Inventory()
    inventory.add_item("flour", 1, "kg")
    inventory.add_item("flour", 250, "g")
    assert inventory.stock_of("flour") == 1250


def test_find_expiring():
    inventory = Inventory()
    inventory.add_item("milk", 1, "l", expires=date(2024, 5, 2))
    assert [i.name for i in inventory.find_expiring(date(2024, 5, 1))] == ["milk"]
