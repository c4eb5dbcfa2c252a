"""`match3.Game`, `Bot`, `simulate` and `solve` from Python: moves and traces, the
board's encodings, levels, errors, save and load."""

import json
import warnings

import numpy as np
import pytest

import match3
from conftest import LEVELS


def test_the_teaching_swap_scores_three():
    game = match3.Game("finite", board="teaching")
    trace = game.play({"swap": [[0, 2], [1, 2]]})
    assert set(trace) == {"opening", "phases", "shuffle"}
    assert trace["phases"][0]["cleared"] == [[0, 0], [0, 1], [0, 2]]
    assert (game.score, game.moves, game.status, game.moves_left) == (3, 1, "playable", None)
    assert game.board[0].tolist() == [match3.EMPTY] * 3 + [2]


def test_the_board_codes_every_kind_of_cell():
    game = match3.Game("lines", board="AB*C/DE%F/_A#B/CA-DE")
    assert game.board.dtype == np.int8
    assert game.board.tolist() == [
        [0, 1, match3.COLORLESS, 2],
        [3, 4, match3.CRATE, 5],
        [match3.HOLE, 0, match3.BLOCKER, 1],
        [2, 0, 3, 4],
    ]
    layers = game.layers()
    kinds = game.special_kinds
    assert kinds[layers["special"][0, 2] - 1].startswith("colour bomb")
    assert kinds[layers["special"][3, 1] - 1].startswith("striped")
    assert layers["special"].sum() == layers["special"][0, 2] + layers["special"][3, 1]
    assert layers["crate"][1, 2] == 1 and layers["crate"].sum() == 1


def test_a_level_game_has_its_goals_limit_and_layers():
    jelly = next(p for p in LEVELS if "jelly-ring" in p.name)
    game = match3.Game(level=jelly, seed=3)
    assert game.moves_left is not None and game.moves_left > 0
    assert [g["kind"] for g in game.goals] == ["jelly"]
    assert game.layers()["jelly"].sum() > 0
    before = game.moves_left
    game.play(game.legal_moves()[0])
    assert game.moves_left == before - 1


def test_bad_input_raises_value_error_and_a_refused_move_changes_nothing():
    game = match3.Game("lines", seed=4)
    before = (game.notation, game.score, game.moves, game.save())
    with pytest.raises(ValueError, match="illegal move"):
        game.play({"swap": [[0, 0], [5, 5]]})
    with pytest.raises(ValueError, match="give"):
        game.play({"jump": 3})
    with pytest.raises(ValueError):
        game.play({"swap": [[0, 0], [0, 99]]})
    assert (game.notation, game.score, game.moves, game.save()) == before
    with pytest.raises(ValueError, match="unknown rules"):
        match3.Game("chess")
    with pytest.raises(ValueError):
        match3.Game("lines", board="AB/C")
    with pytest.raises(ValueError):
        match3.Game("lines", size=(0, 8))
    with pytest.raises(ValueError):
        match3.Game(level="/no/such/level.toml")
    with pytest.raises(ValueError, match="unknown bot"):
        match3.Bot("oracle")
    with pytest.raises(ValueError):
        match3.simulate("lines", games=2, precision=0.1)
    with pytest.raises(ValueError, match="not a saved game"):
        match3.Game.load("{}")


def test_save_and_load_continue_the_same_game():
    level = next(p for p in LEVELS if "crate-wall" in p.name)
    for game in [match3.Game("lines", seed=7), match3.Game(level=level, seed=2)]:
        game.play(game.legal_moves()[0])
        copy = match3.Game.load(game.save())
        assert (copy.notation, copy.score, copy.moves_left, copy.goals) == (
            game.notation, game.score, game.moves_left, game.goals)
        for _ in range(3):
            move = game.legal_moves()[0]
            assert game.play(move) == copy.play(move)
        assert copy.save() == game.save()


def test_the_same_seed_gives_the_same_game():
    def line(seed):
        game, bot = match3.Game("lines", seed=seed), match3.Bot("greedy", seed=5)
        return [json.dumps(game.play(bot.choose(game))) for _ in range(10)]
    assert line(9) == line(9)
    assert line(9) != line(10)


def test_bots_choose_legal_moves_and_stronger_bots_score_more():
    game = match3.Game("lines", seed=1)
    for name in match3.BOTS:
        assert match3.Bot(name, seed=1).choose(game) in game.legal_moves()
    finished = match3.Game("finite", board="ABC")
    assert finished.status == "no_moves" and match3.Bot("random").choose(finished) is None
    weak = match3.simulate("lines", bot="random", games=30, timing=False)
    strong = match3.simulate("lines", bot="greedy", games=30, timing=False)
    assert strong["mean_score"] > weak["mean_score"]


def test_simulate_does_not_depend_on_the_number_of_threads():
    runs = [match3.simulate("clusters", bot="greedy", games=12, jobs=j, timing=False) for j in (1, 2, 0)]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0]["moves_per_second"] is None


def test_a_precision_the_games_ran_out_before_warns_as_the_command_line_does():
    locks = next(p for p in LEVELS if "finite-locks" in p.name)
    with pytest.warns(UserWarning, match=r"^Locked corner \(random bot\): the pass rate is known to .* after 40 games, not the ±3\.0 asked; raise games$"):
        short = match3.simulate(level=locks, bot="random", games=40, precision=0.03, timing=False)
    assert short["precision_met"] is False
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        met = match3.simulate(level=locks, bot="greedy", games=20, precision=0.03, timing=False)
    assert met["precision_met"] is not False


def test_solve_finds_the_teaching_games_best_line():
    result = match3.solve(match3.Game("finite", board="teaching"))
    assert result["optimal"] and result["score"] == 14 and len(result["moves"]) == 4
    teaching = next(p for p in LEVELS if "finite-teaching" in p.name)
    win = match3.solve(match3.Game(level=teaching))
    assert win["winnable"] is True and win["level"]
    with pytest.raises(ValueError):
        match3.solve(match3.Game("lines", seed=0))


def test_rules_that_disagree_with_a_level_file_are_refused_in_pythons_words():
    clusters = next(p for p in LEVELS if "clusters-pool" in p.name)
    with pytest.raises(ValueError, match=r"rules='lines' disagrees with the level file .* clusters rules"):
        match3.Game("lines", level=clusters)
    assert match3.Game(level=clusters).rules == "clusters"
    assert match3.Game("clusters", level=clusters).rules == "clusters"
    with pytest.raises(ValueError, match="disagrees"):
        match3.simulate("finite", level=clusters, games=1)
    from match3.gym import Match3Env
    with pytest.raises(ValueError, match="disagrees"):
        Match3Env(rules="lines", level=clusters)
    assert Match3Env(level=clusters).observation_space.shape == match3.Game(level=clusters).board.shape
