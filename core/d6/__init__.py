"""RULES 4: Système D6 magic.

- :mod:`core.d6.scales`: the seed's aspect scales (each row a named choice with its value), the
  effect kinds, the psionic powers, wound levels and psychometry depths. Data only, light to
  import (the command line's ``--help`` lists them).
- :mod:`core.d6.spell`: a spell's difficulty from its effect and aspects.
- :mod:`core.d6.psionics`: a psionic power's difficulty.
- :mod:`core.d6.skills`: what magic skills and Attributes cost in character points.
"""
