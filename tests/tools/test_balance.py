"""The balance tool's policy mode (SPEC ROB-4): the bot's policies, and what the tool watches."""

from __future__ import annotations

import json

import pytest

from game.bot.autoplay import Autoplayer
from game.bot.doorways import HOLD_TURNS, good_doorway
from game.bot.policy import NAIVE, SMART, STANDARD
from game.run.run import Run
from game.tools import balance
from game.tools.balance import policies
from game.tools.balance.watch import Watch, same_depth
from game.world.actions import Move, PickUp, Wait, Zap
from game.world.drawn import game_on_plan
from game.world.item_actions import Fire, Throw, UseSlot

KEYS = {"runs", "won", "died_in_region_1", "fight_turns_median", "item_kinds_found_median", "item_kinds_used_median",
        "choices_median", "causes", "hazard_deaths"}


def test_the_json_is_one_object_with_each_policy_summed_up(capsys) -> None:
    status = balance.main(["--policy", "naive", "--policy", "smart", "--seeds", "1", "--turns", "300", "--jobs", "1",
                           "--json"])
    out = capsys.readouterr().out
    summary = json.loads(out)  # the whole of it: one object, nothing else
    assert status == 0 and list(summary) == ["policies"] and set(summary["policies"]) == {"naive", "smart"}
    for numbers in summary["policies"].values():
        assert set(numbers) == KEYS and numbers["runs"] == 1 and 0 <= numbers["won"] <= 1
        assert numbers["item_kinds_found_median"] >= 0 and numbers["fight_turns_median"] > 0, "300 turns: some fight"


def _run(policy: str, won: bool, cause: str | None, fights: list[int], found: int, used: int) -> dict:
    """A made-up result of ``policies.play_policy``."""
    return {"seed": "s", "policy": policy, "sight": "room", "won": won, "died": cause is not None, "stalled": None,
            "turns": 100, "cause": cause, "died_in_region_1": cause is not None, "fights": fights,
            "found": [f"k{n}" for n in range(found)], "used": [f"k{n}" for n in range(used)], "choices": 6}


@pytest.mark.parametrize(("smart_wins", "status"), [(4, 0), (1, 1)])
def test_check_holds_the_policies_to_their_targets(monkeypatch, capsys, smart_wins: int, status: int) -> None:
    def play(seed: str, turns: int, policy: str, sight: str = "room") -> dict:
        n = int(seed.rsplit("-", 1)[1])
        if policy == "smart":
            return _run(policy, n < smart_wins, None if n < smart_wins else f"killed by the k{n} on floor 1 of X",
                        [3, 4, 5], 12, 8)
        return _run(policy, n < 1, None if n < 1 else f"killed by the k{n} on floor 1 of X", [4, 5, 6], 3, 1)

    monkeypatch.setattr(policies, "play_policy", play)
    assert balance.main(["--policy", "naive", "--policy", "smart", "--seeds", "10", "--jobs", "1", "--check"]) == status
    out = capsys.readouterr().out
    assert "| smart | 10 | " in out and "| naive | 10 | 10% |" in out
    assert ("MISSED  smart wins 10%, naive 10%" in out) == (status == 1)
    assert "ok      smart item_kinds_found_median: 12" in out and "ok      naive fight_turns_median: 5" in out


def test_a_policy_check_misses_a_cause_that_kills_too_often() -> None:
    runs = [_run("naive", False, "killed by the goblin on floor 1 of X", [4], 1, 1) for _ in range(3)]
    summary = policies.summarise(runs + [_run("naive", False, "killed by the rat on floor 2 of X", [4], 1, 1)])
    assert summary["causes"] == {"goblin": 3, "rat": 1} and summary["died_in_region_1"] == 1.0
    assert "MISSED  naive deaths by goblin: 75% of 4" in "\n".join(policies.check({"naive": summary}))


def test_a_death_to_fire_gas_a_fall_or_a_laser_misses_the_check_a_hidden_trap_does_not() -> None:
    """The bot sees fire, gas, chasms and beams and keeps out of them (SPEC TER-7): any death to
    one misses, by policy and for the standard bot's table."""
    burnt = "burnt to death on floor 3 of Aurel"
    for cause, missed in ((burnt, True), ("choked on poison gas on floor 1 of X", True),
                          ("burnt by a laser on floor 2 of X", True), ("caught in a trap on floor 2 of X", False),
                          ("killed by the goblin on floor 1 of X", False)):
        runs = [_run("smart", False, cause, [4], 12, 8), _run("smart", True, None, [4], 12, 8)]
        lines = "\n".join(policies.check({"smart": policies.summarise(runs)}))
        assert ("MISSED  smart deaths to a hazard it could see: 1" in lines) is missed, lines
        assert ("ok      smart deaths to a hazard it could see: 0" in lines) is not missed
    results = [{"won": False, "died": True, "cause": burnt, "regions": {}}]
    assert any(line.startswith("MISSED  the standard bot deaths to a hazard") and burnt in line
               for line in balance.check({}, results))


def test_policy_options_that_do_not_go_together_are_refused(capsys) -> None:
    for argv, says in ((["--check"], "--check is for --policy"),
                       (["--policy", "smart", "--sight", "both"], "--policy plays one sight")):
        with pytest.raises(SystemExit) as stop:
            balance.main(argv)
        assert stop.value.code == 2 and says in capsys.readouterr().err


def _fight(kind: str, turns: int = 60) -> tuple[Watch, list[int]]:
    """The player bumps a ``kind`` beside it until it falls: the watch's fights, and the turns of each bump."""
    game = game_on_plan("+-+-+-+\n|@ m  |\n+-+-+-+", {"m": kind})
    monster = next(m for m in game.floor.actors if m.kind == kind)
    watch, bumps = Watch(), []
    while monster.alive and game.turn < turns:
        bumps.append(game.turn)
        watch.play(game, Move(1, 0), game.perform)
    assert not monster.alive and game.player.alive
    return watch, bumps


def test_a_fight_lasts_from_its_first_blow_to_the_monsters_fall() -> None:
    watch, bumps = _fight("skeleton")
    assert len(bumps) >= 2, "a skeleton takes more than one blow"
    assert watch.fights == [bumps[-1] - bumps[0] + 1]
    rat, bumps = _fight("rat")
    assert rat.fights == [len(bumps)]


def test_only_fights_with_the_floors_own_monsters_count() -> None:
    game = game_on_plan("+-+-+-+\n|@ o  |\n+-+-+-+", {"o": "ogre"})
    assert not same_depth(game, "ogre") and not same_depth(game, "warden_brute"), "guardians and Wardens"
    assert not same_depth(game, "troll") and not same_depth(game, "orc"), "a boss; out of depth on floor 1"
    assert same_depth(game, "rat") and same_depth(game, "skeleton")
    ogre = next(m for m in game.floor.actors if m.kind == "ogre")
    ogre.hp, watch = 1, Watch()
    while ogre.alive and game.turn < 20:
        watch.play(game, Move(1, 0), game.perform)
    assert not ogre.alive and watch.fights == []


def test_found_and_used_are_the_kinds_taken_and_spent() -> None:
    game = game_on_plan("+-+-+-+\n|@ t s|\n+-+-+-+", {"t": "tnt", "s": "potion_speed"})
    watch = Watch()
    for _ in range(2):
        watch.play(game, Move(1, 0), game.perform)
        watch.play(game, PickUp(), game.perform)
    assert watch.found == {"tnt", "potion_speed"} and watch.used == set(), "the starting healing potion is not found"
    speed = [kind for kind, _ in game.inventory.slots].index("potion_speed")
    watch.play(game, UseSlot(speed), game.perform)
    assert watch.used == {"potion_speed"}


def test_a_zap_uses_the_staff_and_strikes_the_monster_it_is_aimed_at() -> None:
    game = game_on_plan("+-+-+-+-+-+\n|@ . . . r|\n+-+-+-+-+-+", {"r": "rat"})
    game.inventory.add("staff_firebolt")
    rat, watch = next(m for m in game.floor.actors if m.kind == "rat"), Watch()
    rat.hp = 50  # it lives through the bolt: its fight starts, and goes on
    watch.play(game, Zap(*rat.pos, "staff_firebolt"), game.perform)
    assert watch.used == {"staff_firebolt"} and rat.hp < 50
    rat.hp = 1
    while rat.alive and game.turn < 20:
        watch.play(game, Move(1, 0) if max(abs(rat.x - game.player.x), abs(rat.y - game.player.y)) == 1 else Wait(),
                   game.perform)
    assert not rat.alive and watch.fights and watch.fights[0] > 1, "the fight began with the bolt"


def _actions(policy_name: str, seed: str, turns: int) -> list[tuple[object, bool]]:
    """Each action the bot by ``policy`` takes in ``turns`` turns, and whether it stood in a trap vault."""
    run = Run.new(seed)
    bot = Autoplayer({"naive": NAIVE, "smart": SMART, "standard": STANDARD}[policy_name])
    game, taken = run.game, []
    while game.turn < turns and not game.over and bot.stalled is None:
        action = bot.next_action(game)
        taken.append((action, game.floor.vault_state is not None))
        bot.record(game, run.perform(action))
    return taken


def test_naive_uses_nothing_but_healing_potions() -> None:
    """Outside a trap vault: there the bugs' TNT is what opens the stairs, whoever plays."""
    run = Run.new("balance-3")
    bot, game = Autoplayer(NAIVE), run.game
    used = set()
    while game.turn < 2500 and not game.over and bot.stalled is None:
        action = bot.next_action(game)
        if game.floor.vault_state is None:
            assert not isinstance(action, (Throw, Fire)), action
            if isinstance(action, UseSlot):
                used.add(game.inventory.slots[action.index][0])
        bot.record(game, run.perform(action))
    assert used <= {"potion_healing"}
    smart = _actions("smart", "balance-3", 2500)
    assert any(isinstance(action, (Throw, Fire, UseSlot)) for action, _ in smart), "smart uses what it carries"


def test_the_policies_play_differently_and_standard_is_the_default() -> None:
    assert Autoplayer().policy is STANDARD
    naive, smart, standard = (_actions(name, "balance-1", 3000) for name in ("naive", "smart", "standard"))
    assert naive != standard and smart != standard


def test_naive_takes_the_first_choice_offered_smart_the_best() -> None:
    naive, smart = Autoplayer(NAIVE), Autoplayer(SMART)
    assert naive.choose(["a", "b", "c"], best=2) == "a" and smart.choose(["a", "b", "c"], best=2) == "c"
    assert naive.choices == smart.choices == 1, "each choice made is counted"


def _hunted(plan: str):
    game = game_on_plan(plan, {"g": "goblin"})
    game.floor.seen_rooms[:] = True  # nothing left to explore: the bot would make for the stairs
    for goblin in game.floor.actors:
        goblin.state, goblin.target = "hunting", game.player.pos
    return game


def test_smart_fights_a_group_from_a_doorway() -> None:
    """Two goblins hunting it across the room beyond a door: it steps back through the door and waits."""
    plan = ("+-+-+-+-+-+-+\n"
            "|> . @ . g g|\n"
            "+-+-+o+-+-+-+\n"
            "|. . . . . .|\n"
            "+-+-+-+-+-+-+")
    game, bot = _hunted(plan), Autoplayer(SMART)
    assert bot.next_action(game) == Move(0, 1), "into the doorway's far tile"
    game.perform(Move(0, 1))
    goblins = [m for m in game.floor.actors if m.kind == "goblin"]
    assert good_doorway(game, game.player.pos, goblins)
    assert bot.next_action(game).__class__.__name__ == "Wait", "it waits for them there"
    assert Autoplayer(STANDARD).next_action(_hunted(plan)) == Move(-1, 0), "the standard bot makes for the stairs"


def test_a_group_that_does_not_come_is_waited_for_once() -> None:
    """Having held the doorway long enough, it goes on and does not step back into it (it would
    shuttle in and out of it for ever while the group keeps away)."""
    plan = ("+-+-+-+-+-+-+\n"
            "|> . . . g g|\n"
            "+-+-+o+-+-+-+\n"
            "|. . @ . . .|\n"
            "+-+-+-+-+-+-+")
    game, bot = _hunted(plan), Autoplayer(SMART)
    for goblin in game.floor.actors:
        goblin.held = 100  # they keep away (entranced), still hunting it
    for _ in range(HOLD_TURNS):
        assert bot.next_action(game) == Wait()
        game.perform(Wait())
    doorway, stood = game.player.pos, []
    for _ in range(4):
        game.perform(bot.next_action(game))
        stood.append(game.player.pos)
    assert stood[0] != doorway and doorway not in stood, "it gives up on them, and does not come back"
