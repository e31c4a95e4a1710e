"""Shopping lists: what a recipe needs that the pantry does not have."""

from .units import convert, normalize


def missing_ingredients(recipe, inventory):
    """Ingredients of the recipe with the quantity still to buy, in the base unit."""
    missing = []
    for ingredient in recipe.ingredients:
        if ingredient.unit == "piece":
            need = ingredient.quantity - inventory.stock_of(ingredient.name)
            unit = "piece"
        else:
            amount, unit = normalize(ingredient.quantity, ingredient.unit)
            need = amount - inventory.stock_of(ingredient.name)
        if need > 0:
            missing.append((ingredient.name, need, unit))
    return missing


def format_line(name, quantity, unit):
    """One line of the printed list, in kilograms or litres past 1000."""
    if unit == "g" and quantity >= 1000:
        return f"{name}: {convert(quantity, 'g', 'kg'):.2f} kg"
    if unit == "ml" and quantity >= 1000:
        return f"{name}: {convert(quantity, 'ml', 'l'):.2f} l"
    return f"{name}: {quantity:g} {unit}"


def shopping_list(recipe, inventory):
    """The printed shopping list for a recipe."""
    return [format_line(*entry) for entry in missing_ingredients(recipe, inventory)]
