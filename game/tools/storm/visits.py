"""Where the storm starts from (``game.tools.storm``): every screen, reached from a run's play
screen as the storm's app finds it, and the screens a storm must have reached in the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.tools.storm.app import Storm


def _death(storm: Storm, play: Any) -> None:
    play.game.kill(play.game.player, None, "struck down by the storm")


def _victory(storm: Storm, play: Any) -> None:
    from game.world import events

    game = play.game
    for region in game.world.order:
        events.warden_falls(game, region)


def _walk(storm: Storm, play: Any) -> None:
    """To the farthest of a few tiles the player could click (or, failing that, exploring)."""
    from game.bot.explore import safe, walk_route

    game = play.game
    rooms = game.floor.map.rooms
    ys, xs = (safe(game) & (rooms >= 0) & game.floor.seen_rooms[rooms]).nonzero()
    tiles = [(int(xs[i]), int(ys[i])) for i in storm.rng.sample(range(len(xs)), min(40, len(xs)))]
    routes = [route for route in (walk_route(game, tile) for tile in tiles) if route]
    if routes:
        play.walks.to(max(routes, key=len)[-1])
    if play.walk is None:
        play.walks.start("explore")


def _aim(storm: Storm, play: Any) -> Any:
    from game.app.play_aim import AimScreen

    play.game.inventory.add("tnt", 2)
    return AimScreen.start(play, "throw", "tnt")


def _verbs(storm: Storm, play: Any) -> Any:
    from game.app.verbs import VerbMenu, VerbScreen
    from game.render.layout import current

    return VerbScreen(play, VerbMenu("You", play.pointer.verbs_here(storm.clock[0]), current().map_area.center))


def _question(storm: Storm, play: Any) -> Any:
    """The question before harm (a step onto a known trap, into a bug...), as play asks it."""
    from game.app.question import Question
    from game.app.verbs import VerbScreen
    from game.render.layout import current

    return VerbScreen(play, Question("The storm asks before harm?", [("Go on all the same", lambda: None),
                                                                      ("No", lambda: None)], current().map_area.center))


def _over_play(screen: str) -> Callable[[Storm, Any], Any]:
    """A screen over play: the key help, the message archive, the pack."""
    def enter(storm: Storm, play: Any) -> Any:
        from game.app.log_screen import LogScreen
        from game.app.menus import HelpState
        from game.app.pack import PackScreen

        return {"help": lambda: HelpState(storm.app, play, play), "log": lambda: LogScreen(play),
                "pack": lambda: PackScreen(play)}[screen]()
    return enter


def _pause(storm: Storm, play: Any) -> Any:
    from game.app.menus import PauseState

    return PauseState(storm.app, play)


def _confirm(storm: Storm, play: Any) -> Any:
    from game.app.menus import ConfirmState

    pause = _pause(storm, play)
    return ConfirmState(storm.app, "Abandon this run?", "The storm asks.", pause._abandon, lambda: pause)


def _options(storm: Storm, play: Any) -> Any:
    from game.app.options_screen import OptionsState

    return OptionsState(storm.app, _pause(storm, play))


def _help(storm: Storm, play: Any) -> Any:
    from game.app.menus import HelpState

    return HelpState(storm.app, _pause(storm, play), play)


def _title_page(page: str) -> Callable[[Storm, Any], Any]:
    def enter(storm: Storm, play: Any) -> Any:
        from game.app import menus
        from game.app.options_screen import OptionsState
        from game.app.seed_entry import SeedEntryState

        title = storm.app.title()
        return {"title": lambda: title, "options": lambda: OptionsState(storm.app, title),
                "help": lambda: menus.HelpState(storm.app, title), "credits": lambda: menus.CreditsState(storm.app, title),
                "seed": lambda: SeedEntryState(storm.app, title),
                "save problem": lambda: menus.SaveProblemState(storm.app, "the storm made this problem up")}[page]()
    return enter


def _name_entry(storm: Storm, play: Any) -> Any:
    from game.app.board_screen import NameEntryState

    return NameEntryState(storm.app, play, "", lambda name: play)


def _watch(storm: Storm, play: Any) -> Any:
    from game.app.board_watch import WatchState

    return WatchState(storm.app, "storm-run")


def _replay(storm: Storm, play: Any) -> Any:
    from game.app.replay_screen import replay_recording

    return replay_recording(storm.app, play.run.recording_now(), "The storm's replay")


def _error_screen(storm: Storm, play: Any) -> Any:
    """The error screen itself, as a bug in play would show it (not one the storm found)."""
    from game.app.error_screen import ErrorState

    storm.shown = ErrorState(storm.app, RuntimeError("the storm's own error"), play, "The storm's own report")
    return storm.shown


def _set(**values: Any) -> Callable[[Storm, Any], None]:
    """A page or mode of play: these attributes of the play screen set."""
    def enter(storm: Storm, play: Any) -> None:
        for name, value in values.items():
            setattr(play, name, value)
    return enter


VISITS: tuple[tuple[str, Callable[[Storm, Any], Any]], ...] = (
    ("play", lambda storm, play: play),
    ("walk", _walk),
    ("zoomed", _set(zoomed=True)),
    ("help page", _over_play("help")),
    ("log", _over_play("log")),
    ("pack", _over_play("pack")),
    ("aim", _aim),
    ("verbs", _verbs),
    ("question", _question),
    ("pause", _pause),
    ("options", _options),
    ("help", _help),
    ("confirm", _confirm),
    ("replay", _replay),
    ("title", _title_page("title")),
    ("title options", _title_page("options")),
    ("title help", _title_page("help")),
    ("credits", _title_page("credits")),
    ("seed entry", _title_page("seed")),
    ("save problem", _title_page("save problem")),
    ("name entry", _name_entry),
    ("watch", _watch),
    ("error screen", _error_screen),
    ("death", _death),
    ("victory", _victory),
)
"""Each screen the storm starts from: how to reach it from a run's play screen (returning the
screen, or None when it is a page or mode of play itself). A run ends in one of the last two."""
SCREENS = ("TitleState", "OptionsState", "HelpState", "CreditsState", "SeedEntryState", "SaveProblemState",
           "ConfirmState", "PauseState", "PlayState", "PlayState:walk", "PlayState:zoomed", "HelpState:play",
           "LogScreen", "PackScreen", "AimScreen", "VerbScreen", "VerbScreen:question",
           "ReplayState", "NameEntryState", "WatchState", "ErrorState", "GameOverState", "VictoryState")
"""The screens every storm must reach (the coverage it reports); each run ends on one of ``ENDINGS``."""
ENDINGS = ("GameOverState", "VictoryState")
ENDING_VISITS = ("death", "victory")
"""The visits that end a run: one of them each run."""
