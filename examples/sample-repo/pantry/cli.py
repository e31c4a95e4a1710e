"""Command-line interface: python -m pantry.cli <command>."""

import argparse

from .recipes import PANCAKES
from .shopping import shopping_list
from .storage import load_inventory, save_inventory

RECIPES = {"pancakes": PANCAKES}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pantry")
    parser.add_argument("--file", default="pantry.json")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add")
    add.add_argument("name")
    add.add_argument("quantity", type=float)
    add.add_argument("unit")
    shop = sub.add_parser("shopping")
    shop.add_argument("recipe", choices=sorted(RECIPES))
    shop.add_argument("--servings", type=int, default=2)
    args = parser.parse_args(argv)

    inventory = load_inventory(args.file)
    if args.command == "add":
        inventory.add_item(args.name, args.quantity, args.unit)
        save_inventory(inventory, args.file)
    else:
        for line in shopping_list(RECIPES[args.recipe].scale(args.servings), inventory):
            print(line)


if __name__ == "__main__":
    main()
