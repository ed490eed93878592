"""Cosmetic animations: things flying along their line, explosions as expanding
rings, and the aiming overlay. They read a clock the game never sees and never
hold up input: the game has already moved on when they play.

With reduced motion (an option, ``game.render.motion``) nothing moves or flashes: a thrown
thing is simply where it lands, and a blast is a still, faint ring over its area for a
moment, the same on every frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render import motion, palette, text
from game.render.anim import ease_out
from game.render.camera import Camera
from game.render.sprites import SpriteBank

FLIGHT_MS_PER_CELL = 28.0
EXPLOSION_MS = 420.0
STILL_BLAST_MS = 300.0
"""How long the still mark of a blast stays, with reduced motion."""


@dataclass
class Running:
    kind: str  # "flight" or "explosion"
    start_ms: float
    end_ms: float
    sprite: str = ""
    path: tuple = ()
    centre: tuple[int, int] = (0, 0)
    radius: int = 0


class Effects:
    def __init__(self, sprites: SpriteBank, tile: int) -> None:
        self.sprites = sprites
        self.tile = tile
        self.running: list[Running] = []
        self._clock = 0.0

    def absorb(self, events: list[tuple], now_ms: float) -> None:
        """Schedule the game's new events one after the other (a flight, then its blast)."""
        self._clock = max(self._clock, now_ms)
        for event in events:
            if event[0] == "flight":
                _, sprite, path = event
                duration = 0.0 if motion.reduced else FLIGHT_MS_PER_CELL * len(path)
                self.running.append(Running("flight", self._clock, self._clock + duration, sprite, tuple(path)))
                self._clock += duration
            elif event[0] == "explosion":
                _, centre, radius, _turn = event
                duration = STILL_BLAST_MS if motion.reduced else EXPLOSION_MS
                self.running.append(Running("explosion", self._clock, self._clock + duration, centre=centre,
                                            radius=radius))
        events.clear()

    def busy(self, now_ms: float) -> bool:
        return any(effect.end_ms > now_ms for effect in self.running)

    def draw(self, surface: pygame.Surface, camera: Camera, now_ms: float) -> None:
        self.running = [e for e in self.running if e.end_ms > now_ms]
        for effect in self.running:
            if now_ms < effect.start_ms:
                continue
            if effect.kind == "flight" and effect.path and not motion.reduced:
                self._draw_flight(surface, camera, effect, now_ms)
            elif effect.kind == "explosion":
                self._draw_explosion(surface, camera, effect, now_ms)

    def _draw_flight(self, surface: pygame.Surface, camera: Camera, effect: Running, now_ms: float) -> None:
        span = max(1.0, effect.end_ms - effect.start_ms)
        index = min(len(effect.path) - 1, int((now_ms - effect.start_ms) / span * len(effect.path)))
        x, y = effect.path[index]
        surface.blit(self.sprites.get(effect.sprite), camera.tile_origin(x, y))

    def _draw_explosion(self, surface: pygame.Surface, camera: Camera, effect: Running, now_ms: float) -> None:
        still = motion.reduced
        t = (now_ms - effect.start_ms) / max(1.0, effect.end_ms - effect.start_ms)
        grow = 1.0 if still else ease_out(t)
        tile = self.tile
        outer = max(2, int((effect.radius + 0.5) * tile * grow))
        ring = pygame.Surface((2 * outer + 4, 2 * outer + 4), pygame.SRCALPHA)
        alpha = 150 if still else int(230 * (1 - t))  # still: the same on every frame, no fading
        centre = (outer + 2, outer + 2)
        pygame.draw.circle(ring, (255, 170, 60, alpha // 3), centre, outer)
        pygame.draw.circle(ring, (255, 230, 150, alpha), centre, outer, max(2, tile // 6))
        cx, cy = camera.world_to_screen(effect.centre[0] + 0.5, effect.centre[1] + 0.5)
        surface.blit(ring, (round(cx) - outer - 2, round(cy) - outer - 2))
        if t < 0.5 and not still:
            size = int(tile * (1.0 + 1.5 * grow))
            flash = pygame.transform.smoothscale(self.sprites.get("explosion"), (size, size))
            flash.set_alpha(int(255 * (1 - 2 * t)))
            surface.blit(flash, (round(cx) - size // 2, round(cy) - size // 2))


def draw_aim(surface: pygame.Surface, camera: Camera, sprites: SpriteBank, preview, target: tuple[int, int]) -> None:
    """The aim line: flown cells bright, cells past the stop point red (blue in the colour-blind
    palette), the blast tinted; on a derelict's deck, the tiles whose air the blast would let out
    hatched in the cold blue of vacuum; and what it warns of above the target."""
    tile = camera.tile
    if preview.vents:
        _draw_vents(surface, camera, preview.vents)
    overlay = pygame.Surface((tile, tile), pygame.SRCALPHA)
    overlay.fill((*palette.AIM_BLAST, 60))
    for (x, y) in preview.blast:
        surface.blit(overlay, camera.tile_origin(x, y))
    overlay.fill((*palette.AIM_PATH, 110))
    for x, y in preview.flight.path.tolist():
        surface.blit(overlay, camera.tile_origin(x, y))
    overlay.fill((*palette.AIM_BEYOND, 110))
    for x, y in preview.beyond:
        surface.blit(overlay, camera.tile_origin(x, y))
    end = preview.flight.end
    ox, oy = camera.tile_origin(*end)
    pygame.draw.rect(surface, palette.HOVER, (ox, oy, tile, tile), 2)
    surface.blit(sprites.get("target"), camera.tile_origin(*target))
    alarms = [words for words, shown in (("The blast will reach you!", preview.hits_you),
                                         ("The hull will breach!" if preview.breach.startswith("The blast will breach")
                                          else "The air will vent!", bool(preview.breach))) if shown]
    tx, ty = camera.tile_origin(*target)
    bottom = ty - 4
    for words in reversed(alarms):  # said while aiming, not only once the throw is confirmed (UI-7)
        shown = text.render(words, 18, palette.TONE_COLOURS["bad"])
        box = shown.get_rect(midbottom=(tx + tile // 2, bottom)).inflate(10, 6)
        box.clamp_ip(surface.get_clip())
        surface.fill(palette.BACKGROUND, box)
        pygame.draw.rect(surface, palette.TONE_COLOURS["bad"], box, 1)
        surface.blit(shown, shown.get_rect(center=box.center))
        bottom = box.top - 2


VENT_WASH = (70, 110, 200, 90)
VENT_HATCH = (200, 230, 255)


def _draw_vents(surface: pygame.Surface, camera: Camera, tiles: list[tuple[int, int]]) -> None:
    """The tiles that would lose their air: a blue wash, hatched, so it reads apart from vacuum."""
    tile = camera.tile
    mark = pygame.Surface((tile, tile), pygame.SRCALPHA)
    mark.fill(VENT_WASH)
    for offset in range(-tile, tile, max(4, tile // 4)):
        pygame.draw.line(mark, VENT_HATCH, (offset, tile), (offset + tile, 0), 1)
    x0, y0, x1, y1 = camera.visible_tiles()
    for x, y in tiles:
        if x0 <= x <= x1 and y0 <= y <= y1:
            surface.blit(mark, camera.tile_origin(x, y))