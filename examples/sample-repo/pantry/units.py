"""Unit conversion between the mass and volume units that recipes use."""

MASS_IN_GRAMS = {
    "mg": 0.001,
    "g": 1.0,
    "kg": 1000.0,
    "oz": 28.3495,
    "lb": 453.592,
}

VOLUME_IN_MILLILITRES = {
    "ml": 1.0,
    "l": 1000.0,
    "tsp": 4.92892,
    "tbsp": 14.7868,
    "cup": 240.0,
}


class UnitError(ValueError):
    """Raised when two units cannot be converted into each other."""


def unit_family(unit):
    """Return "mass" or "volume" for a known unit, or raise UnitError."""
    if unit in MASS_IN_GRAMS:
        return "mass"
    if unit in VOLUME_IN_MILLILITRES:
        return "volume"
    raise UnitError(f"unknown unit: {unit}")


def convert(quantity, from_unit, to_unit):
    """Convert a quantity between two units of the same family."""
    family = unit_family(from_unit)
    if family != unit_family(to_unit):
        raise UnitError(f"cannot convert {from_unit} to {to_unit}")
    table = MASS_IN_GRAMS if family == "mass" else VOLUME_IN_MILLILITRES
    base = quantity * table[from_unit]
    return base * table[to_unit]


def normalize(quantity, unit):
    """Express a quantity in the family's base unit (grams or millilitres)."""
    family = unit_family(unit)
    table = MASS_IN_GRAMS if family == "mass" else VOLUME_IN_MILLILITRES
    return quantity * table[unit], ("g" if family == "mass" else "ml")
