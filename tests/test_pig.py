"""Pig: the rules counted exhaustively, the values checked against value iteration, and
the game played with its die through the game model (undo, redo, save, load)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from oogames import DepthFac, IllegalMoveError, MinMax
from oogames.board.moves import CHANCE
from oogames.board.perft import perft
from oogames.errors import MalformedMoveError
from oogames.game.model import GameModel
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.games import PigBoard
from oogames.nextmove.chance import ExpectimaxFac, Star1Fac, Star2Fac
from oogames.nextmove.multiplayer import MaxNFac
from oogames.ui.console import ConsoleView

# -- the rules -----------------------------------------------------------------------


def count_lines(
    banked: tuple[int, ...], turn: int, mover: int, chance: bool, target: int, depth: int
) -> int:
    """Sequences of ``depth`` moves (chance's included) from a position, by the rules as
    written here: a player rolls, or holds a turn total above 0; the die shows 1 to 6; a 1
    loses the turn, 2 to 6 add to it; holding at the target ends the game."""
    if depth == 0:
        return 1
    players = len(banked)
    if chance:
        total = count_lines(banked, 0, (mover + 1) % players, False, target, depth - 1)
        for face in range(2, 7):
            total += count_lines(banked, turn + face, mover, False, target, depth - 1)
        return total
    total = count_lines(banked, turn, mover, True, target, depth - 1)  # roll
    if turn > 0:  # hold
        after = list(banked)
        after[mover] += turn
        if after[mover] >= target:  # the game ends: a line only if it is exactly long enough
            return total + (depth == 1)
        total += count_lines(tuple(after), 0, (mover + 1) % players, False, target, depth - 1)
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6])
def test_perft_equals_the_count_written_here(players: int, depth: int) -> None:
    board = PigBoard(players=players, target=10)
    assert perft(board, depth=depth) == count_lines((0,) * players, 0, 0, False, 10, depth)


def test_perft_counts_only_finished_lines_at_their_end() -> None:
    board = PigBoard.from_moves("roll 6 roll 5", target=10)
    # hold ends the game (1 line, whatever the depth); roll leads on
    assert perft(board, depth=1) == 2


def test_the_die_is_chance_and_undo_puts_it_back() -> None:
    board = PigBoard(target=10)
    board.play("roll")
    assert board.to_move == CHANCE and board.at_chance
    assert board.status_text() == "the die moves next"  # chance by the game's name for it
    assert board.chance_outcomes() == [(face, 1 / 6) for face in range(1, 7)]
    board.play(1)
    assert (board.to_move, board.turn_total, board.banked) == (1, 0, (0, 0))
    board.pop()
    assert board.at_chance and board.to_move == CHANCE
    with pytest.raises(IllegalMoveError, match="the die's: 1 to 6"):
        board.play(7)
    with pytest.raises(IllegalMoveError):
        board.play("hold")


# -- values: against value iteration ----------------------------------------------------


def value_iteration(target: int) -> dict[tuple[int, int, int], float]:
    """The chance of winning of the player to move in two-player Pig, with ``i`` banked,
    the opponent ``j`` and ``k`` in the turn: the fixed point of
    ``P(i, j, k) = max(roll, hold)`` (hold only with ``k > 0``)."""
    states = [(i, j, k) for i in range(target) for j in range(target) for k in range(target - i)]
    value = dict.fromkeys(states, 0.0)

    def p(i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= target else value[(i, j, k)]

    for _ in range(10_000):
        change = 0.0
        for i, j, k in states:
            roll = (1 - p(j, i, 0)) / 6 + sum(p(i, j, k + face) for face in range(2, 7)) / 6
            hold = 1 - p(j, i + k, 0) if k > 0 else 0.0
            new = max(roll, hold)
            change = max(change, abs(new - value[(i, j, k)]))
            value[(i, j, k)] = new
        if change < 1e-13:
            break
    return value


TARGET = 8
VALUES = value_iteration(TARGET)


def _vi_evaluation(board: PigBoard, player: int) -> float:
    """The value iteration's chance of winning for ``player``: an evaluation that is exact."""
    banked, turn = board.banked, board.turn_total
    mover = board._roller  # who is to move, or who rolled at a chance position
    i, j = banked[mover], banked[1 - mover]
    if board.to_move == CHANCE:  # the die about to be rolled: the mean of its faces
        mine = (1 - VALUES[(j, i, 0)]) / 6 + sum(_p(i, j, turn + f) for f in range(2, 7)) / 6
    else:
        mine = _p(i, j, turn)
    return mine if player == mover else 1 - mine


def _p(i: int, j: int, k: int) -> float:
    return 1.0 if i + k >= TARGET else VALUES[(i, j, k)]


@pytest.mark.parametrize(
    "factory", [ExpectimaxFac(), Star1Fac(), Star2Fac(), MaxNFac()], ids=lambda f: f.name
)
def test_searches_agree_with_value_iteration(factory: object) -> None:
    """With the exact values at the horizon, a search of depth 2 and 4 (a decision, the
    die, a decision, the die) returns the exact value and an optimal move at every state
    (the Bellman equation holds through the search's chance positions)."""
    checked = 0
    for (i, j, k), expected in VALUES.items():
        if (i + j + k) % 3:  # a third of the states: the test stays quick
            continue
        board = PigBoard(target=TARGET)
        board._banked, board._turn = (i, j), k  # the state itself
        for depth in (2, 4):
            result = MinMax(DepthFac(factory, depth, _vi_evaluation)).analyze(board)  # type: ignore[arg-type]
            assert result.value == pytest.approx(expected, abs=1e-9)
            roll = (1 - VALUES[(j, i, 0)]) / 6 + sum(
                1.0 if i + k + f >= TARGET else VALUES[(i, j, k + f)] for f in range(2, 7)
            ) / 6
            hold = (1 - VALUES[(j, i + k, 0)]) if k > 0 and i + k < TARGET else (1.0 if k else 0.0)
            best = max(roll, hold)
            chosen = roll if result.move == "roll" else hold
            assert chosen == pytest.approx(best, abs=1e-9)
            checked += 1
    assert checked > 100


# -- the game played --------------------------------------------------------------------


def test_three_players_and_the_die_through_the_game_model(tmp_path: Path) -> None:
    settings = GameSettings(
        game="pig",
        options={"players": 3, "target": 15},
        players=(PlayerSpec("human"), PlayerSpec.parse("maxn:3")),
        seed=5,
    )
    model = GameModel(settings)
    assert len(model.settings.players) == 3  # the third seat: the game's computer
    assert model.name_of(CHANCE) == "chance"
    model.play("roll")  # the die is rolled by the model; computers answer until A's turn
    assert model.board.to_move in (0,) or model.board.is_over
    moves = model.board.moves
    assert moves[0] == "roll" and moves[1] in range(1, 7)
    model.undo()  # back before A's roll: the die's outcome and the replies undone too
    assert model.board.ply == 0
    model.redo()
    assert model.board.moves == moves  # the same rolls, replayed
    path = tmp_path / "pig.json"
    model.save(path)
    loaded = GameModel(start=False)
    loaded.load(path)
    assert loaded.board.moves == moves and loaded.board.key() == model.board.key()
    assert [str(spec) for spec in loaded.settings.players] == [
        str(spec) for spec in model.settings.players
    ]


def test_console_game_of_pig_says_what_the_die_shows() -> None:
    settings = GameSettings(
        game="pig",
        options={"target": 10},
        players=(PlayerSpec("human"), PlayerSpec.parse("expectimax:2")),
        seed=2,
    )
    out = io.StringIO()
    view = ConsoleView(
        GameModel(settings, start=False), io.StringIO("roll\nroll\nhold\nquit\n"), out
    )
    assert view.run() == 0
    text = out.getvalue()
    assert "A (human) against B (expectimax:2)" in text
    assert "chance: " in text or "the die: " in text
    assert "Traceback" not in text


def test_three_players_of_pig_on_the_web() -> None:
    pytest.importorskip("starlette")
    import tempfile

    from starlette.testclient import TestClient

    from oogames.web.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        client = TestClient(create_app(Path(folder)))
        response = client.post(
            "/api/games",
            json={
                "game": "pig",
                "options": "players=3 target=15",
                "player1": "maxn:2",
                "player2": "random",
            },
        )
        assert response.status_code == 200, response.text
        state = response.json()
        assert [side["name"] for side in state["sides"]] == ["A", "B", "C"]
        assert state["settings"]["player2"] == "random"
        game_id = state["id"]
        reply = client.post(f"/api/games/{game_id}/action", json={"action": "move", "move": "roll"})
        assert reply.status_code == 200, reply.text
        bad = client.post(
            "/api/games",
            json={"game": "pig", "player2": "evil.py:Bot"},
        )
        assert bad.status_code == 400 and "Traceback" not in bad.text


@pytest.mark.parametrize("players", [2, 3])
def test_paranoid_with_a_table_through_the_die_equals_paranoid_without(players: int) -> None:
    """``+tt`` on paranoid through chance positions: one table for a whole game, depth 2, 3
    then 4 at each position for whoever is to move (the table meets one model player's
    positions in another's search), against the same search without a table."""
    import random

    from helpers import count as _count

    from oogames.games import find_game
    from oogames.nextmove.enhancements.table import TranspositionTable, TTFac
    from oogames.nextmove.multiplayer import ParanoidFac

    evaluate = find_game("pig").evaluate
    rng = random.Random(f"pig-tt{players}")
    for _ in range(3):
        table = TranspositionTable()
        board = PigBoard(players=players, target=20)
        while not board.is_over and board.ply < 40:
            if board.to_move != CHANCE:
                for depth in (2, 3, 4):
                    plain = MinMax(DepthFac(ParanoidFac(), depth, evaluate)).analyze(board)
                    tabled = MinMax(TTFac(DepthFac(ParanoidFac(), depth, evaluate), table))
                    assert tabled.analyze(board).value == pytest.approx(plain.value, abs=1e-12)
                    _count("paranoid+tt through the die = paranoid (value)")
            board.play(rng.choice(board.legal_moves()))


def test_two_positions_at_the_die_that_differ_only_in_who_rolled_have_two_keys() -> None:
    """The key names whose turn the die ends (it named only who is to move, -1 at the die,
    so a table gave one such position the value of the other)."""
    a_rolls = PigBoard.from_moves("roll 4 hold roll 4 hold roll", target=20)
    b_rolls = PigBoard.from_moves("roll 4 hold roll 4 hold roll 1 roll", target=20)
    assert a_rolls.to_move == b_rolls.to_move == CHANCE
    assert (a_rolls.banked, a_rolls.turn_total) == (b_rolls.banked, b_rolls.turn_total)
    assert a_rolls.key() != b_rolls.key()


def test_expectimax_with_one_table_for_every_state_agrees_with_value_iteration() -> None:
    """``expectimax+tt``: one table for every state of the value iteration test, depth 2
    then 4 (a decision, the die, a decision, the die), for whoever is to move; each value
    is still value iteration's (a table of expectimax's exact values, kept apart by the
    model player, changes none)."""
    from helpers import count as _count

    from oogames.nextmove.enhancements.table import TranspositionTable, TTFac

    table = TranspositionTable()
    for (i, j, k), expected in VALUES.items():
        if (i + j + k) % 3:
            continue
        board = PigBoard(target=TARGET)
        board._banked, board._turn = (i, j), k
        for depth in (2, 4):
            factory = TTFac(DepthFac(ExpectimaxFac(), depth, _vi_evaluation), table)
            assert MinMax(factory).analyze(board).value == pytest.approx(expected, abs=1e-9)
            _count("expectimax+tt with one table = value iteration")
    assert table.hits > 0  # the table was read, not only written


@pytest.mark.parametrize("players", [2, 3])
def test_every_spec_expectimax_may_be_written_as_equals_expectimax(players: int) -> None:
    """``expectimax+tt`` limited by depth and by iterative deepening (``:4@600``: depths 1
    to 4 on one table), one strategy reused over a whole game for whoever is to move and
    a fresh one, against expectimax without a table at the same depth."""
    import random

    from helpers import count as _count

    from oogames.games import find_game
    from oogames.nextmove.specs import make_strategy

    evaluate = find_game("pig").evaluate
    rng = random.Random(f"pig-specs{players}")
    for spec in ("expectimax+tt:4", "expectimax+tt:4@600"):
        reused = make_strategy(spec, evaluate)
        board = PigBoard(players=players, target=20)
        while not board.is_over and board.ply < 40:
            if board.to_move != CHANCE:
                expected = make_strategy("expectimax:4", evaluate).analyze(board).value
                for search in (reused, make_strategy(spec, evaluate)):
                    before = (board.key(), board.moves)
                    assert search.analyze(board).value == pytest.approx(expected, abs=1e-12)
                    assert (board.key(), board.moves) == before
                _count(f"{spec} = expectimax:4 (value), reused and fresh")
            board.play(rng.choice(board.legal_moves()))


def test_killer_moves_keep_the_dies_probabilities() -> None:
    """paranoid+killer:5 on Pig, 2 players to 6: the killers of a depth were ranked at the
    die's positions of that depth too, and the outcomes lost their probabilities (0.637
    where it is 0.795; alphabeta+killer@0.5 played by 0.167). Every ordering paranoid may
    add, and two-player searches with killers, at depths 1 to 6, against paranoid alone
    and expectimax (the same search on two players)."""
    from helpers import count as _count

    from oogames.games import find_game
    from oogames.nextmove.specs import make_strategy

    evaluate = find_game("pig").evaluate
    for players, target in ((2, 6), (3, 5)):
        board = PigBoard(players=players, target=target)
        for depth in range(1, 7):
            plain = make_strategy(f"paranoid:{depth}", evaluate).analyze(board).value
            if players == 2:
                expecti = make_strategy(f"expectimax:{depth}", evaluate).analyze(board).value
                assert plain == pytest.approx(expecti, abs=1e-12)
            specs = [f"paranoid{added}" for added in ("+killer", "+history+killer", "+tt+killer")]
            specs += ["paranoid+tt+history+killer"]
            if players == 2:  # the two-player searches with killers: 0.637 too
                specs += ["alphabeta+killer", "pvs+history+killer", "negamax-ab+killer"]
            for spec in specs:
                ordered = make_strategy(f"{spec}:{depth}", evaluate).analyze(board)
                assert ordered.value == pytest.approx(plain, abs=1e-12), (players, depth, spec)
                _count("a search with killers on Pig = paranoid (value)")


def test_an_ordering_leaves_the_die_to_the_chance_search() -> None:
    """At a chance position the history and killer ordering has nothing to rank: the
    chance accumulator expands it (Star2 probes each outcome first). It ranked the
    outcomes itself and skipped Star2's probes: at depth 7, 1,054 nodes and 486
    evaluations where Star2 alone makes 1,253 and 481, on the same value."""
    from oogames.games import find_game
    from oogames.nextmove.chance import Star2Fac
    from oogames.nextmove.enhancements.ordering import HistoryFac

    evaluate = find_game("pig").evaluate
    board = PigBoard(players=2, target=10)
    for depth in (5, 7):
        alone = MinMax(DepthFac(Star2Fac(), depth, evaluate)).analyze(board)
        ordered = MinMax(HistoryFac(DepthFac(Star2Fac(), depth, evaluate), True, True))
        found = ordered.analyze(board)
        assert found.value == alone.value
        assert (found.stats.nodes, found.stats.evaluated) == (
            alone.stats.nodes,
            alone.stats.evaluated,
        )


def test_a_move_of_no_form_of_pig_is_malformed_as_in_the_other_games() -> None:
    """Pig states its moves' form (roll, hold, the die's 1 to 6): anything else is
    malformed, its text quoted, whoever is to move. Before, Pig stated none, and ``'xyz'``
    was an illegal move "xyz" (unquoted): "the moves are roll and hold"."""
    board = PigBoard()
    for move in ("xyz", 99, 2.0, True, ("no", "move"), [1], None):
        with pytest.raises(MalformedMoveError, match="a move is roll or hold"):
            board.play(move)
    board.play("roll")  # the die to move: the same form
    with pytest.raises(MalformedMoveError, match=r"^illegal move 'xyz' by chance"):
        board.play("xyz")
    with pytest.raises(IllegalMoveError) as refused:  # of the form, but not the die's
        board.play("roll")
    assert not isinstance(refused.value, MalformedMoveError)


def test_a_search_to_the_end_of_pig_is_refused_before_it_starts_wherever_it_would_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Pig can go on for ever (while every player rolls a 1, the turn goes round with
    nothing banked): a search with neither a depth nor a clock, written ``:end`` or not,
    ran to Python's frame limit, seconds, before its one line. Every search and driver of
    the grammar with each set of its enhancements, bare and ``:end``, is now refused before
    it starts by ``check_fits``, in one line that says to give it a depth or a clock; with
    a depth or a clock none is refused for that, nor on a game that ends. The command
    (demo, compare) and a tournament's plan refuse it so (the page: tests/test_web.py)."""
    import itertools

    from helpers import count, exits_with_message

    from oogames.board.model import ABoardModel
    from oogames.errors import StrategySpecError
    from oogames.games import ConnectFourBoard
    from oogames.nextmove.grammar import DRIVERS, SEARCHES, StrategySpec, enhancements_of
    from oogames.nextmove.specs import check_fits
    from oogames.tournament.playing import check_plan

    endless = "can go on for ever, so a search to its end never ends. Give it a depth"

    def not_for_ever(spec: str, board: ABoardModel) -> None:
        try:
            check_fits(StrategySpec.parse(spec), board)
        except StrategySpecError as error:  # brs on chance, star1 with no payoff bounds
            assert endless not in str(error), spec

    for base in [*SEARCHES, *DRIVERS]:
        allowed = [name for name in enhancements_of(base) if name != "aspiration"]
        for size in range(len(allowed) + 1):
            for chosen in itertools.combinations(allowed, size):
                spec = "+".join((base, *chosen))
                for written in (spec, f"{spec}:end"):
                    with pytest.raises(StrategySpecError) as refused:
                        check_fits(StrategySpec.parse(written), PigBoard(players=3))
                    assert str(refused.value) == (
                        f"{written} cannot play this game: a game of it {endless} "
                        f"({base}:6) or a clock ({base}@2)"
                    )
                    not_for_ever(written, ConnectFourBoard())  # a game that ends
                    count("specs to the end refused on pig before a search")
                not_for_ever(f"{spec}:3", PigBoard())
                not_for_ever(f"{spec}@1", PigBoard())
    demo = ["demo", "pig", "--player0", "expectimax:end", "--player1", "random"]
    exits_with_message(
        demo,
        f"expectimax:end cannot play this game: a game of it {endless}",
        lambda: capsys.readouterr().err,
    )
    compare = ["compare", "pig", "--strategies", "expectimax:2,star2:end"]
    exits_with_message(compare, "star2:end cannot play this game", lambda: capsys.readouterr().err)
    with pytest.raises(StrategySpecError, match="mtdf cannot play this game: a game of it can go"):
        check_plan("pig", {}, ["expectimax:3", "mtdf"], [()])
    # The page refuses it so too: tests/test_web.py (the web extra).


def test_minmax_itself_refuses_a_search_to_the_end_of_pig_before_its_first_node(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """From Python, with no spec to check (``MinMax(ExpectimaxFac()).analyze(pig)``), the
    search ran to the frame limit, 3 s, before its line. Every search of the grammar, made
    to the end, is now refused by ``MinMax.search`` before the board makes a move, with a
    :class:`SearchDepthError` that says to give it a depth, the board as it was; with a
    deadline or a node budget too (they would stop it with no answer: a search to the end
    of Pig has none), and ``oogames tree pig``, whose trace has a node budget of its own,
    says so where it searched 100,000 nodes first. With a depth none is refused."""
    import time

    from helpers import count, exits_with_message

    from oogames.errors import SearchDepthError
    from oogames.games.pig import pig_chances
    from oogames.nextmove.grammar import SEARCHES
    from oogames.nextmove.specs import make_factory

    moves = 0
    make_move = PigBoard.make_move

    def counted(self: PigBoard, *args: object) -> object:
        nonlocal moves
        moves += 1
        return make_move(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(PigBoard, "make_move", counted)
    endless = r"^a game of PigBoard can go on for ever .* give it a depth \(a DepthFac"
    for base in SEARCHES:
        board = PigBoard(players=3)
        factory = make_factory(base, pig_chances)
        search = MinMax(factory)
        with pytest.raises(SearchDepthError, match=endless):
            search.analyze(board)
        for bound in ({"node_limit": 50}, {"deadline": time.perf_counter() + 60}):
            with pytest.raises(SearchDepthError, match=endless):
                search.search(board, factory.make_acc(0), **bound)  # type: ignore[arg-type]
        assert moves == 0 and board.ply == 0, base
        if base != "brs":  # no search of chance, in a line of its own
            MinMax(make_factory(f"{base}:2", pig_chances)).analyze(board)
            assert moves > 0 and board.ply == 0, base
        moves = 0
        count("searches of pig to its end refused before a move")
    tree = ["tree", "pig", "--target", "3"]
    exits_with_message(
        tree, "a game of PigBoard can go on for ever", lambda: capsys.readouterr().err
    )


def test_minmax_refuses_every_search_with_enhancements_to_the_end_of_pig_reused_too() -> None:
    """Every search of the grammar with each set of the enhancements it takes (not
    ``+aspiration``, which needs a clock), to the end: ``MinMax.search`` refuses it on Pig
    exactly where the spec's own check (``check_fits``, the reference) refuses its spec,
    fresh and with the MinMax reused after a refusal; with ``:2`` neither refuses. The
    refused MinMax, reused, then solves a small Connect Four (3 x 3, 3 in a row) to the
    value plain minimax finds there, and leaves both boards as they were."""
    import itertools

    from helpers import count

    from oogames import MinMaxFac
    from oogames.errors import SearchDepthError, StrategySpecError
    from oogames.games import ConnectFourBoard
    from oogames.games.pig import pig_chances
    from oogames.nextmove.grammar import SEARCHES, StrategySpec, enhancements_of
    from oogames.nextmove.specs import check_fits, make_factory

    small = ConnectFourBoard(3, 3, 3)
    reference = MinMax(MinMaxFac()).analyze(small).value
    two_player = ("minimax", "alphabeta", "negamax", "negamax-ab", "pvs")
    for base in SEARCHES:
        allowed = [name for name in enhancements_of(base) if name != "aspiration"]
        for size in range(len(allowed) + 1):
            for chosen in itertools.combinations(allowed, size):
                spec = "+".join((base, *chosen))
                pig = PigBoard(players=3)
                with pytest.raises(StrategySpecError, match="can go on for ever"):
                    check_fits(StrategySpec.parse(spec), pig)
                factory = make_factory(spec, pig_chances)
                search = MinMax(factory)
                for _ in ("fresh", "reused"):
                    with pytest.raises(SearchDepthError, match="can go on for ever"):
                        search.analyze(pig)
                    assert pig.ply == 0 and not pig.moves, spec
                if base in two_player:
                    assert search.analyze(small).value == reference, spec
                    assert small.ply == 0, spec
                if base != "brs":  # best-reply search refuses chance in a line of its own
                    check_fits(StrategySpec.parse(f"{spec}:2"), pig)
                    MinMax(make_factory(f"{spec}:2", pig_chances)).analyze(pig)
                    assert pig.ply == 0, spec
                count("searches with enhancements refused to the end of pig, reused after")
