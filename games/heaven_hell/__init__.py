"""Heaven & Hell (*Diabolo*): pure engine, computer players and simulator."""

from games.heaven_hell.engine import HeavenHellEngine

ENGINE = HeavenHellEngine()

__all__ = ["ENGINE", "HeavenHellEngine"]
