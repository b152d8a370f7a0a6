"""RULES 2: what each number of a Mage effect may be, and the dice's constants."""

from __future__ import annotations

from core.validators import Whole

#: d10 faces; a die at or above the difficulty succeeds, a 1 cancels a success (house rule).
FACES = 10
#: The highest difficulty per die (extras taken as difficulty stop there).
MAX_DIFFICULTY = 10
#: Quintessence adds at most this many dice to one roll.
QUINTESSENCE_PER_ROLL = 3

# What each number may be: the Storyteller system's traits, so that no input runs long (the odds
# cost the square of the dice rolled). **Decision** where the source is silent.
#: A trait's dots (an attribute, an ability, Willpower, the Avatar, a resistance): 0…10 (5 is a
#: human's best, 10 a legend's).
DOTS = Whole(0, 10)
#: The successes of one roll, at most its dice: attribute + ability + Sphere, 10 each.
SUCCESSES = Whole(0, 30)
#: A counter-magic pool: Arete + a Sphere (or Prime), or a rote's attribute + ability + Sphere.
POOL = Whole(0, 30)
#: Quintessence and Paradox share the Avatar's wheel of 20 points; earlier Paradox rolls this scene.
WHEEL = Whole(0, 20)
ROLLS = Whole(0, 99)
#: Extra successes bought or taken as difficulty (power 0…99; a scope is at most 24, a connection 5).
EXTRAS = Whole(0, 99)
#: A ritual's circle: at most 10 assistants (each adds its successes, 0…30, as dice) and 50
#: acolytes (a die each): at most about 400 dice rolled, odds in a few hundredths of a second.
ASSISTANTS = Whole(0, 10)
ACOLYTES = Whole(0, 50)
