"""The journeys ``python -m game.tools.pagecheck`` plays in the page (SPEC WEB-6).

Each is what a player does, with keys, clicks or taps as Chromium sends them, and what the
game must then show, read from inside the page. A step waits on the game, not the clock:
``SETTLE`` plays the page's frames until the run has loaded, the walk has ended, the save is
written and the animations are over (``game.app.settle``). The one fixed wait left is the
page's clipboard, which answers in a promise of its own that no frame can wait on.
"""

from __future__ import annotations

from game.tools.pagecheck.journey import (APP, GAME, ON_THE_STAIRS, SETTLE, SETTLED, Check, Journey, Probe, Step,
                                both, first_frame, holds, more_rooms, on, py, run_where, same_run_as)
from game.tools.pagecheck.journeys_dark import DARK, DARK_PHONE, DARK_SIDEWAYS
from game.tools.pagecheck.journeys_phone import PHONE_MENUS, PHONE_PLAY, PHONE_SIDEWAYS, tile_east

__all__ = ["APP", "GAME", "JOURNEYS", "ON_THE_STAIRS", "SETTLED", "first_frame", "py"]  # page_speed uses these

FIRST_RUN = Journey("first-run", "title -> New run -> the island -> > to the first dungeon -> explore -> descend", [
    Step("open the page: the first click starts the game", first_frame(), on("TitleState")),
    Step("New run (Enter)", ("press Enter", SETTLE), both(on("PlayState"), run_where(kind="overworld"))),
    Step("> travels to the first region's dungeon entrance", ("press >", SETTLE), both(SETTLED, run_where(
        kind="overworld"))),
    Step("> goes down into its first floor", ("press >", SETTLE), run_where(kind="dungeon", depth=1)),
    Step("x explores the floor", ("press x", SETTLE), both(SETTLED, holds(more_rooms, "x saw no new room"))),
    Step("the stairs down are found (the check puts the player on them)",
         (ON_THE_STAIRS,),
         holds(lambda p, _: p["run"]["player"]["x"] == p["run"]["stairs"]["down"][0], "not on the stairs")),
    Step("> descends to floor 2", ("press >", SETTLE), both(on("PlayState"), run_where(depth=2))),
])

VAULT = Journey("vault", "a trap vault through ?start=vault: cells revealed, TNT aimed and thrown", [
    Step("open ?seed=7&start=vault", (*first_frame(), SETTLE), run_where(kind="vault")),
    Step("step onto a hidden cell (a safe one): it is revealed", ("press ArrowRight x3", SETTLE),
         holds(lambda p, e: p["run"]["vault"]["revealed"] > e[-1]["run"]["vault"]["revealed"], "nothing revealed")),
    Step("t aims a stick of TNT (the check gives two): the preview shows",
         (py(f"{GAME}.inventory.add('tnt', 2)"), "press t", "press ArrowLeft", "press ArrowLeft", SETTLE),
         run_where(aiming=True)),
    Step("Enter throws it", ("press Enter", SETTLE), both(run_where(aiming=False), holds(
        lambda p, _: p["run"]["inventory"].get("tnt") == 1, "the TNT was not thrown"))),
], query="seed=7&start=vault")

DECK = Journey("deck", "a derelict deck through ?start=ship: explore, the crew, the air", [
    Step("open ?seed=7&start=ship", (*first_frame(), SETTLE), both(run_where(kind="ship"), holds(
        lambda p, _: p["run"]["air"] and p["run"]["air"] > 0, "no air shown where the player stands"))),
    Step("x explores the deck until the crew is in sight", ("press x", SETTLE, "press x", SETTLE),
         both(SETTLED, holds(more_rooms, "x saw no new compartment"))),
], query="seed=7&start=ship")

SCREENS = Journey("screens", "the zoomed map, help, the message archive, Options, the Esc menu", [
    Step("open ?seed=7&start=dungeon", (*first_frame(), SETTLE), run_where(kind="dungeon")),
    Step("o zooms out to the whole floor", ("press o", SETTLE), run_where(zoomed=True)),
    Step("o again zooms back", ("press o",), run_where(zoomed=False)),
    Step("? opens the key help", ("press ?",), run_where(help_open=True)),
    Step("any key closes it", ("press Space",), run_where(help_open=False)),
    Step("m opens the message archive", ("press m",), run_where(log_open=True)),
    Step("PgUp scrolls it, Esc closes it", ("press PageUp", "press Escape"), run_where(log_open=False)),
    Step("Esc opens the menu", ("press Escape",), on("PauseState")),
    Step("Options", ("press ArrowDown", "press Enter"), on("OptionsState")),
    Step("Right raises the master volume", ("press ArrowRight",),
         holds(lambda p, e: p["settings"]["master_volume"] > e[-1]["settings"]["master_volume"], "not louder")),
    Step("the colour-blind palette, switched on", ("press ArrowDown x4", "press Enter"),
         holds(lambda p, _: p["settings"]["colour_blind"], "the palette is not on")),
    Step("Esc back to the menu, Esc back to the run", ("press Escape", "press Escape"), on("PlayState")),
    Step("the options are kept in the page's storage",
         (py("import platform; _s = platform.window.localStorage.getItem('threshold/settings.json')"),
          "expect-py _s is not None and str(_s).startswith('z1:')"), None),
], query="seed=7&start=dungeon")

def native_replay_digest(recording_json: str) -> str:
    """The digest the recording's commands give natively (the page's run, played here)."""
    import game.ai.minds  # noqa: F401 - the monsters' minds, as a run needs them
    from game.run.replay import replay
    from game.run.recording import Recording

    return replay(Recording.from_json(recording_json)).digest


def _replays_natively(probe: Probe, _: list[Probe]) -> bool:
    return native_replay_digest(probe["read"]) == probe["run"]["digest"]


SAVE_AND_QUIT = ("press Escape", "press ArrowDown x3", "press Enter", SETTLE)
RECORDING = f"{APP}.run.recording_now().to_json()"
KEPT = ("[__import__('platform').window.localStorage.getItem('threshold/save-damaged.json'), "
        "__import__('platform').window.localStorage.getItem('threshold/save.json.bak') is not None]")

SAVES = Journey("saves", "a run saved, the page reloaded, continued; a damaged save, the backup used", [
    Step("open the page on an empty storage", first_frame(), both(on("TitleState"), holds(
        lambda p, _: p["saved"] is None, "a save was there already"))),
    Step("Enter seed, type 'pagecheck', Enter", ("press ArrowDown x2", "press Enter", "type pagecheck",
                                                "press Enter", SETTLE), run_where(seed="pagecheck", kind="overworld")),
    Step("> > into the first dungeon, x explores", ("press >", SETTLE, "press >", SETTLE, "press x", SETTLE),
         both(SETTLED, run_where(kind="dungeon"))),
    Step("Esc, Save and quit", SAVE_AND_QUIT, both(on("TitleState"), holds(
        lambda p, e: p["saved"]["turn"] == e[-1]["run"]["turn"], "the save is not of the turn played"))),
    Step("reload the page: the title offers Continue", ("reload", *first_frame()), both(on("TitleState"), holds(
        lambda p, _: p["menu"][0][0] == "continue" and p["saved"]["problem"] is None, "no Continue"))),
    Step("Continue: the same run, exactly", ("press Enter", SETTLE), holds(same_run_as(3), "another state")),
    Step("x explores on; the recording replays natively to the page's digest", ("press x", SETTLE),
         both(SETTLED, holds(_replays_natively, "the native replay of the page's recording differs")),
         read=RECORDING),
    Step("Save and quit again: the save before it stays as the backup", SAVE_AND_QUIT, holds(
        lambda p, _: p["saved"]["backup_turn"] is not None, "no backup")),
    Step("the save is damaged in storage; reload", (
        py("import platform; platform.window.localStorage.setItem('threshold/save.json', 'z1:broken!')"),
        "reload", *first_frame()), holds(lambda p, _: p["saved"]["damaged"] and p["saved"]["from_backup"]
                                         and p["saved"]["turn"] == p["saved"]["backup_turn"], "the damage is not seen")),
    Step("Continue: the reason is shown and the backup is played", ("press Enter", SETTLE), both(
        on("PlayState"), holds(lambda p, e: p["run"]["turn"] == e[-1]["saved"]["backup_turn"], "not the backup"),
        holds(lambda p, _: "could not be read" in (p["banner"] or ""), "no word of the damaged save"))),
    Step("the damaged value is kept aside as it was, and the backup stays", (), holds(
        lambda p, _: p["read"] == ["z1:broken!", True], "the damaged value or the backup is gone"), read=KEPT),
])


def _seed_is(seed: str) -> Check:
    return holds(lambda p, _: p["run"]["seed"] == seed, f"the run is not of seed {seed!r}")


def _todays_daily(probe: Probe, _: list[Probe]) -> bool:
    from game.run.daily import daily_seed, today

    return probe["run"]["seed"] == daily_seed(today())


SEED_QUERY = Journey("seed-query", "?seed=two%20words starts that run (pygbag also puts it in os.environ)", [
    Step("open ?seed=two%20words", (*first_frame(), SETTLE, "expect-py __import__('os').environ.get('seed')"),
         both(on("PlayState"), _seed_is("two words"))),
], query="seed=two%20words")

DAILY_QUERY = Journey("daily-query", "?daily starts today's daily challenge", [
    Step("open ?daily", (*first_frame(), SETTLE), both(on("PlayState"), holds(_todays_daily, "not today's daily"))),
], query="daily")


IFRAME = Journey("iframe", "the page inside an iframe, as itch.io embeds it: clicks and keys reach the game", [
    Step("click into the frame to start", (*first_frame(), SETTLE), run_where(kind="overworld")),
    Step("keys move the player", ("press ArrowRight x2", SETTLE), holds(
        lambda p, e: p["run"]["player"]["x"] == e[-1]["run"]["player"]["x"] + 2, "the keys did not arrive")),
    Step("a click on a tile walks there", (f"click {tile_east(2)}", SETTLE), holds(
        lambda p, e: p["run"]["player"]["x"] == e[-1]["run"]["player"]["x"] + 2, "the click did not arrive")),
    Step("a tap on a tile walks there too", (f"tap {tile_east(2)}", SETTLE), holds(
        lambda p, e: p["run"]["player"]["x"] == e[-1]["run"]["player"]["x"] + 2, "the tap did not arrive")),
    Step("Esc opens the menu", ("press Escape",), on("PauseState")),
], query="seed=13", iframe=True)  # (seed 7's island has a merchant's ware six tiles east: a tap there asks)

SOUND = Journey("sound", "sound starts with the game (after the page's first click), cues play without an error", [
    Step("open ?seed=7: the first click started the game and its sound", (*first_frame(), SETTLE), holds(
        lambda p, _: p["sound"]["ready"] and not p["sound"]["failed"], "the mixer did not start")),
    Step("steps play their cue", ("press ArrowRight x2", SETTLE), holds(
        lambda p, _: p["sound"]["played"] >= 1, "no sound played")),
    Step("every cue of the game plays", (py(f"[{APP}.audio.play(name) for name in "
                                            "__import__('game.content.sounds', fromlist=['x']).SOUND_NAMES]"),),
         holds(lambda p, e: p["sound"]["played"] > e[-1]["sound"]["played"], "the cues did not play")),
], query="seed=7")

CLIPBOARD_WAIT = "wait 1"
"""The one fixed wait: the page's Clipboard API answers in a promise of the page's own (``threshold_copy``
sets ``threshold_copied`` when it settles), which runs only between the page's frames, never
inside an ``eval-py``, and nothing in the game's state says it is done. Without the API the page
copies at once (``execCommand``), and that step settles as the others do."""

WATCH_DOWNLOADS = ("HTMLAnchorElement.prototype.click = function () { (window.__downloads = window.__downloads "
                   "|| []).push([this.download, this.href.length]); };")
"""Counts the page's downloads instead of making them (a headless browser has nowhere to put them)."""
FAKE_PROMPT = "window.prompt = function () { return 'pasted from the clipboard'; };"
"""Answers the page's text box as a player pasting there would (a headless browser shows no box)."""

def _downloaded_a_recording(probe: Probe, _: list[Probe]) -> bool:
    import json

    downloads = json.loads(probe["read"])
    return len(downloads) == 1 and downloads[0][0].endswith(".json") and downloads[0][1] > 1000


PAGE_BITS = Journey("page-bits", "what only the page does: copy, paste through a text box, a download", [
    Step("open ?seed=7&start=dungeon", (*first_frame(), SETTLE), run_where(kind="dungeon")),
    Step("Ctrl+C copies the seed (the page's clipboard)", ("press Control+c", CLIPBOARD_WAIT), holds(
        lambda p, _: (p["banner"] or "").startswith("Seed 7 copied") and p["read"] == "7", "not copied"),
         read="str(__import__('platform').window.threshold_copied)"),
    Step("where the page may not use the Clipboard API (an itch.io frame), Ctrl+C still copies", (
        py("import platform; platform.window.eval(\"Object.defineProperty(navigator, 'clipboard', "
           "{value: undefined})\")"), "press Control+c", SETTLE),
         holds(lambda p, _: p["read"] == "7", "the fallback did not copy"),
         read="str(__import__('platform').window.threshold_copied)"),
    Step("x x x: a skeleton fight; the check leaves the player 1 health", (
        "press x", SETTLE, "press x", SETTLE, "press x", SETTLE, py(f"{GAME}.player.__setattr__('hp', 1)")),
         run_where(over=False)),
    Step("wait a few turns: the skeleton kills the player", ("press Period x6", SETTLE), on("GameOverState")),
    Step("E exports the recording: the page downloads it", (
        py(f"import platform; platform.window.eval({WATCH_DOWNLOADS!r})"), "press e", SETTLE),
         holds(_downloaded_a_recording, "no download of the recording"),
         read="str(__import__('platform').window.JSON.stringify(__import__('platform').window.__downloads))"),
    Step("the end screen's Title, then Enter seed, Ctrl+V pastes from the page's text box", (
        py(f"import platform; platform.window.eval({FAKE_PROMPT!r})"), "press Escape", SETTLE,
        "press ArrowDown x2", "press Enter", "press Control+v", SETTLE),
         holds(lambda p, _: p["read"] == "pasted from the clipboard", "nothing pasted"),
         read=f"{APP}.state.seed"),
], query="seed=7&start=dungeon")

DELIBERATE = "pagecheck: a deliberate error"
BREAK_ONCE = ("_p = {app}.state; _u = _p.update\n"
              "def _once(now_ms):\n"
              "    _p.update = _u\n"
              "    raise RuntimeError({message!r})\n"
              "_p.update = _once").format(app=APP, message=DELIBERATE)
"""Makes the play screen raise once, at its next frame, as a bug would."""


def _report_on_page(probe: Probe, _: list[Probe]) -> bool:
    hidden = str(probe["read"][0]).lower()
    report = str(probe["read"][1])
    return hidden == "false" and DELIBERATE in report and "seed '7'" in report


ERROR = Journey("error", "a bug in a screen: the report on the page, to copy; the game carries on", [
    Step("open ?seed=7&start=dungeon", (*first_frame(), SETTLE), run_where(kind="dungeon")),
    Step("a bug breaks the play screen: the error screen, the report on the page", (
        py(f"exec({BREAK_ONCE!r})"), SETTLE), both(on("ErrorState"), holds(_report_on_page, "no report on the page")),
         read="[str(__import__('platform').document.getElementById('problem').hidden), "
              "str(__import__('platform').document.getElementById('problem-text').value)]"),
    Step("Enter: Carry on, the same run", ("press Enter", SETTLE), both(on("PlayState"), holds(
        same_run_as(1), "the run changed"))),
    Step("the game goes on: a step east", ("press ArrowRight", SETTLE), holds(
        lambda p, e: p["run"]["turn"] > e[-1]["run"]["turn"], "no turn passed")),
], query="seed=7&start=dungeon", expect_tracebacks=(DELIBERATE,))

JOURNEYS = [FIRST_RUN, VAULT, DECK, SCREENS, SAVES, SEED_QUERY, DAILY_QUERY, PHONE_PLAY, PHONE_MENUS, PHONE_SIDEWAYS,
            IFRAME,
            SOUND, PAGE_BITS, ERROR, DARK, DARK_PHONE, DARK_SIDEWAYS]
