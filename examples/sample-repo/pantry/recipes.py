"""Recipes and their scaling to a number of servings."""

from dataclasses import dataclass


@dataclass
class Ingredient:
    name: str
    quantity: float
    unit: str


@dataclass
class Recipe:
    title: str
    servings: int
    ingredients: list[Ingredient]

    def scale(self, servings):
        """A copy of the recipe for another number of servings."""
        if servings <= 0:
            raise ValueError("servings must be positive")
        factor = servings / self.servings
        scaled = [Ingredient(i.name, i.quantity * factor, i.unit) for i in self.ingredients]
        return Recipe(self.title, servings, scaled)


PANCAKES = Recipe(
    "pancakes",
    2,
    [Ingredient("flour", 125, "g"), Ingredient("milk", 300, "ml"), Ingredient("egg", 1, "piece")],
)
