"""What the bot does with its potions and scrolls beyond healing (SPEC ROB-4): it learns the
unknown ones by use when it is safe, keeps its staffs charged, and readies itself for a Warden.

Every rule here decides by what the player knows (``game.world.magic.knows``): an unknown potion
is "an unknown potion" to it, whatever it really is; only its look (a potion or a scroll) shows.

- **Identify by use** (``Policy.identifies``): with no foe in view, not in a trap vault, healthy
  and with no ally beside it (a potion may burst into flames), it spends a known scroll of
  identify on an unknown potion (else an unknown scroll), reads its unknown scrolls, then
  drinks its unknown potions. Confused (as one of them may leave it), it waits until its head
  clears rather than stagger about.
- **Recharging**: a known scroll of recharging is read when a staff, a wand or a charm carried
  has spent charges, with nothing in view.
- **Before a Warden** (``Policy.prepares``): a Warden in view, it reads a known scroll of protect
  armour (unless its ward still holds) and drinks a known potion of speed (unless hasted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import ITEMS, charged
from game.content.monsters import is_warden
from game.world import charges, magic
from game.world.action import Action
from game.world.actions import Identify, Wait

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

HEALTHY = 0.8
"""It tries an unknown potion or scroll only above this share of its health: some do harm."""


class Kit:
    """The bot's rules for its potions and scrolls out of a fight: the autoplayer's ``kit``."""

    def __init__(self, bot: Autoplayer) -> None:
        self.bot = bot
        self._tried: tuple[int, list[str]] = (-1, [])  # the kinds tried this turn: one refused, it tries another

    def identify(self, game: Game) -> Action | None:
        """Learn an unknown potion or scroll by use (or by a scroll of identify), when it is safe;
        wait out a confusion; read a scroll of recharging when something has spent charges."""
        if not self.bot.policy.identifies or not self._safe(game):
            return None
        if magic.under(game, "confusion"):
            return Wait()
        recharge = self._recharge(game)
        if recharge is not None:
            return recharge
        if game.player.hp < HEALTHY * game.player.max_hp or self._ally_beside(game):
            return None
        unknown = magic.unknown_carried(game)
        if magic.knows(game, "scroll_identify") and game.inventory.count("scroll_identify"):
            targets = [kind for kind in unknown if kind != "scroll_identify"]
            potions = [kind for kind in targets if kind in magic.POTION_KINDS]
            if potions or targets:
                return Identify((potions or targets)[0])
        for kind in [k for k in unknown if k in magic.SCROLL_KINDS] + [k for k in unknown if k in magic.POTION_KINDS]:
            if self._tried[0] != game.turn:
                self._tried = (game.turn, [])
            if kind not in self._tried[1]:  # (a scroll of teleportation with nowhere to go is refused)
                self._tried[1].append(kind)
                return self.bot.fights.use(kind, game)
        return None

    def prepare(self, game: Game) -> Action | None:
        """A Warden in view: ward the armour, and take speed, with what it knows it carries."""
        if not self.bot.policy.prepares or not any(is_warden(m.kind) for m in self.bot.fights.threats(game)):
            return None
        if not magic.under(game, "ward") and self._known("scroll_protect_armour", game):
            return self.bot.fights.use("scroll_protect_armour", game)
        if not game.player.hasted and self._known("potion_speed", game):
            return self.bot.fights.use("potion_speed", game)
        return None

    def _recharge(self, game: Game) -> Action | None:
        if not self._known("scroll_recharging", game):
            return None
        inventory = game.inventory
        spent = [kind for kind, count in inventory.slots if charged(str(kind))
                 and charges.charge_of(inventory, str(kind)).left < ITEMS[str(kind)].charges * int(count)]
        return self.bot.fights.use("scroll_recharging", game) if spent else None

    def _safe(self, game: Game) -> bool:
        return (not game.on_overworld and game.floor.vault_state is None and game.player.alive
                and not self.bot.fights.threats(game))

    @staticmethod
    def _known(kind: str, game: Game) -> bool:
        return game.inventory.count(kind) > 0 and magic.knows(game, kind)

    @staticmethod
    def _ally_beside(game: Game) -> bool:
        me = game.player.pos
        return any(a.alive and a.ally and max(abs(a.x - me[0]), abs(a.y - me[1])) <= 1 for a in game.floor.actors)
