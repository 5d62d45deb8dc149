"""Settings for every test: Hypothesis without its per-example deadline.

The machines that run the tests are shared and loaded (CI and the development box alike): an example that takes
longer than Hypothesis's default 200 ms there says nothing about the code, and failed a run once. Speed is
measured by the benchmarks, as ratios, never by the tests.
"""

from hypothesis import settings

settings.register_profile("paili", deadline=None)
settings.load_profile("paili")
