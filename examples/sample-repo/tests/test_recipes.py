from pantry.recipes import PANCAKES


def test_scale_doubles_quantities():
    doubled = PANCAKES.scale(4)
    assert doubled.ingredients[0].quantity == 250
