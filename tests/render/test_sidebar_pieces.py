"""A phone's sidebar keeps its block of buttons and its row of slots as pictures between redraws
(``game.render.sidebar_pieces``): copied while they show the same, drawn again when they change."""

from __future__ import annotations

import pygame
import pytest

from game.bot.autoplay import Autoplayer
from game.content.monsters import CONJURED
from game.render import scaling, sidebar_log
from game.render import sidebar_in_view as in_view
from game.render.hud import Hud
from game.render.layout import LANDSCAPE, PORTRAIT, SIDEWAYS
from game.world import charges, magic
from tests.render.test_portrait import _phone_app


def _drawn(hud: Hud, game) -> tuple[bytes, list, list]:
    hud._redraw(game, "", "")
    return pygame.image.tobytes(hud._surface, "RGB"), list(hud.texts), list(hud.targets)


def test_a_phone_s_slots_are_copied_while_the_same_and_drawn_anew_when_a_charge_is_spent(display, tmp_path,
                                                                                         monkeypatch) -> None:
    app = _phone_app(tmp_path, PORTRAIT)
    game, kept = app.state.game, app.state.hud
    game.inventory.add("staff_firebolt")
    game.inventory.add("potion_darkness")
    _drawn(kept, game)
    icons: list[str] = []
    icon = kept.sprites.icon
    monkeypatch.setattr(kept.sprites, "icon", lambda name, size: icons.append(name) or icon(name, size))
    game.turn += 1
    again = _drawn(kept, game)
    slots = {magic.sprite_of(game, kind) for kind, _ in game.inventory.slots}
    assert not slots & set(icons), "the slots were copied, not drawn"
    assert any(what == "slot:0" for _, what in again[2]) and any(what == "explore" for _, what in again[2]), \
        "the copied slots and buttons are still tapped"
    fresh = Hud(kept.rect, kept.sprites, compact=True)
    assert again == _drawn(fresh, game), "the same pixels, texts and taps as a sidebar drawn whole"
    charges.spend(game.inventory, "staff_firebolt")
    spent = _drawn(kept, game)
    assert slots & set(icons), "a charge spent: the slots drawn again"
    assert spent == _drawn(fresh, game)
    assert spent[0] != again[0], "the staff's cell says one charge fewer"


@pytest.mark.parametrize("page, start", [(PORTRAIT, "ship"), (PORTRAIT, "vault"), (SIDEWAYS, "ship"),
                                         (LANDSCAPE, "ship"), (LANDSCAPE, "dungeon")])
def test_a_sidebar_kept_in_pieces_shows_every_turn_what_one_drawn_whole_shows(display, tmp_path, monkeypatch,
                                                                              page, start) -> None:
    """The log and the health bar are copied on the turns that change neither, and the sidebar
    then shows what a sidebar drawn whole shows, in every layout; a new message or a blow draws
    them again. Both sidebars draw in place only what changed: the place's name and the title,
    unchanged, are not drawn again while the turn's count is."""
    app = _phone_app(tmp_path, page, keys="", start=start)
    game, kept = app.state.game, app.state.hud
    game.player.hp = game.player.max_hp = 10 ** 6
    drawn: list[str] = []  # the pieces the kept sidebar drew

    def counted(name: str, draw):
        return lambda hud, *rest: (drawn.append(name) if hud is kept else None) or draw(hud, *rest)
    monkeypatch.setattr(sidebar_log, "_draw_lines", counted("log", sidebar_log._draw_lines))
    monkeypatch.setattr(Hud, "_health_bar", counted("health", Hud._health_bar))
    put = Hud._put
    monkeypatch.setattr(Hud, "_put", lambda hud, s, label, *rest, **named: (
        drawn.append(label) if hud is kept else None) or put(hud, s, label, *rest, **named))
    bot, turns, said, in_place = Autoplayer(), 0, 0, 0
    for turns in range(1, 61):
        if game.over or start != "dungeon" and game.floor.ship_state is None and game.floor.vault_state is None:
            break
        before = game.log.version
        game.perform(bot.next_action(game))
        if turns % 20 == 0:
            game.player.hp -= 3  # a blow: the bar's words change
        said += game.log.version != before
        picture = _drawn(kept, game)
        in_place += kept.pieces.in_place
        fresh = Hud(kept.rect, kept.sprites, compact=kept.compact)
        assert picture == _drawn(fresh, game), f"turn {turns}: the kept sidebar differs from one drawn whole"
    assert turns >= 30 and 0 < said < turns
    assert in_place >= turns // 2, f"most turns redraw the sidebar in place ({in_place} of {turns})"
    assert drawn.count("log") <= said + 1 + turns // 20, "the log is drawn only when a message came (or its room moved)"
    assert 3 <= drawn.count("health") < turns // 2, "the health bar is drawn only when it changes"
    counts = sum(label.startswith("Turn ") for label in drawn)
    assert counts >= turns, "the turn's count is drawn every turn"
    assert drawn.count(game.place_name) <= 2, "the place's name is left as it is"
    if not kept.compact:
        assert drawn.count("THRESHOLD") <= 2 and drawn.count("INVENTORY") < turns // 2, \
            "the desktop's title and inventory are left as they are"


def test_the_frames_that_draw_nothing_make_the_icons_of_the_floor_s_monsters_before_the_floor_below(
        display, tmp_path, monkeypatch) -> None:
    """A monster's first listing "In view" scaled its icon, in the frame it came into view; the
    frames that draw nothing make them ahead, a kind a frame, once the rooms are drawn."""
    app = _phone_app(tmp_path, PORTRAIT, keys="", start="ship")
    play, icons = app.state, app.state.hud.sprites
    kinds = {m.kind for m in play.game.floor.actors if m.alive and m is not play.game.player and m.kind not in CONJURED}
    missing = {kind for kind in kinds if not icons.has_icon(kind, in_view.ICON)}
    assert len(missing) >= 2, f"the deck's kinds {kinds}: most not listed yet"
    done = [play.ahead() for _ in range(len(play.view.layer.drawn) + len(missing) + 1)]
    made = [what.removeprefix("the sidebar's icon of ") for what in done if what and "icon" in what]
    assert sorted(made) == sorted(missing), "each kind's icon made once"
    assert done.index(f"the sidebar's icon of {made[-1]}") < next(
        i for i, what in enumerate(done) if what is None or what.startswith("the floor below")), "before the floor below"
    assert all(icons.has_icon(kind, in_view.ICON) for kind in kinds)
    scaled: list[object] = []
    monkeypatch.setattr(scaling, "smoothscale", lambda *a: scaled.append(a))
    for monster in [m for m in play.game.floor.actors if m.kind in kinds][:3]:
        icons.icon(monster.kind, in_view.ICON)
    assert not scaled, "listing a monster of the floor scales no icon"


@pytest.mark.parametrize("page", [PORTRAIT, LANDSCAPE])
def test_a_line_that_comes_and_goes_moves_the_pieces_below_it_without_drawing_them_again(display, tmp_path,
                                                                                        monkeypatch, page) -> None:
    """Stepping off the stairs and back, the "Here:" line goes and comes, and what lies below it
    moves: the redraw stays in place, fills what the line left, copies a moved piece that shows the
    same (the desktop's inventory), and shows, with the same texts and taps, what a sidebar drawn
    whole shows."""
    from game.world.actions import Move

    app = _phone_app(tmp_path, page, keys="")
    game, kept = app.state.game, app.state.hud
    assert game.player.pos == game.floor.level.entrance, "the run starts on the stairs up"
    drawn: list[str] = []
    put = Hud._put
    monkeypatch.setattr(Hud, "_put", lambda hud, s, label, *rest, **named: (
        drawn.append(label) if hud is kept else None) or put(hud, s, label, *rest, **named))
    _drawn(kept, game)
    start = game.player.pos
    step = next((dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if game.floor.map.can_step(*start, dx, dy) and game.occupant((start[0] + dx, start[1] + dy)) is None)
    for dx, dy in (step, (-step[0], -step[1])) * 2:
        game.perform(Move(dx, dy))
        drawn.clear()
        picture = _drawn(kept, game)
        assert kept.pieces.in_place, "a line coming or going leaves the redraw in place"
        assert any(label.startswith("Here:") for _, label in kept.texts) == (game.player.pos == start)
        assert picture == _drawn(Hud(kept.rect, kept.sprites, compact=kept.compact), game), \
            f"at {game.player.pos}: the same pixels, texts and taps as a sidebar drawn whole"
        assert game.place_name not in drawn and "INVENTORY" not in drawn, "what did not change is not drawn again"
