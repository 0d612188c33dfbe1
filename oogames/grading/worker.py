"""The process a student's code runs in: one test of one submission, its trace written as
JSON to a file the grader names (never to standard output, which the code may print to).

``python -m oogames.grading.worker ASSIGNMENT TEST SUBMISSION RESULT [TESTS]`` imports the
submission, builds its search, runs it on the test's tree and writes what it did. The
grader starts this with a time and a memory limit, and reads nothing else from it: an
exception, an exit, a crash or a timeout is the grader's to tell.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from oogames.board.model import ABoardModel
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory
from oogames.nextmove.minmax import MinMax
from oogames.ui.leaving import end_now


def load(path: str) -> ModuleType:
    """The submission's module, imported from its file."""
    spec = importlib.util.spec_from_file_location("submission", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules["submission"] = module
    spec.loader.exec_module(module)
    return module


def factory_of(assignment: str, module: ModuleType, **depth: int) -> IAccFactory:
    """The search the submission defines, as a factory.

    ``rice-alphabeta``: its ``AlphaAcc`` (and ``BetaAcc``) at the root, or its own
    ``AlphaBetaFac``; the tree assignments: its ``make_factory()``, or
    ``make_factory(rounds=R, players=N)`` (``depth``) for a search ``R`` full rounds deep.

    Raises:
        AttributeError: A name the assignment asks for is not defined.
        TypeError: What it defines is not what the assignment asks for.
    """
    if assignment != "rice-alphabeta":
        asked = ", ".join(f"{name}={value}" for name, value in depth.items())
        return _factory(module.make_factory(**depth), f"make_factory({asked})")
    own = getattr(module, "AlphaBetaFac", None)
    if own is not None:
        return _factory(own(), "AlphaBetaFac()")
    alpha = module.AlphaAcc
    if not isinstance(module.BetaAcc, type):
        raise TypeError("BetaAcc is not a class")

    class StudentFac(AlphaBetaFac):
        def make_acc(self, model_player: int) -> AAccumulator:
            acc = alpha(model_player, model_player)
            if not isinstance(acc, AAccumulator):
                raise TypeError(f"AlphaAcc(...) is {type(acc).__name__}, not an accumulator")
            return acc

    return StudentFac()


def _factory(thing: object, what: str) -> IAccFactory:
    if not isinstance(thing, IAccFactory):
        raise TypeError(f"{what} is {type(thing).__name__}, not an IAccFactory")
    return thing


def board_class(module: ModuleType) -> type[ABoardModel]:
    """The board a ``write-a-game`` submission defines: its ``BOARD``, or the one subclass
    of ``ABoardModel`` written in it.

    Raises:
        TypeError: There is none, or more than one and no ``BOARD``.
    """
    chosen = getattr(module, "BOARD", None)
    if chosen is None:
        found = [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, ABoardModel)
            and value.__module__ == module.__name__
        ]
        if len(found) != 1:
            raise TypeError(f"it defines {len(found)} board classes: name one BOARD = ...")
        chosen = found[0]
    if not (isinstance(chosen, type) and issubclass(chosen, ABoardModel)):
        raise TypeError("BOARD is not a subclass of ABoardModel")
    return chosen


def _game_test(test_name: str, submission: str, result: str, game: str) -> None:
    from oogames.grading.games import run_game_test

    _write(result, *run_game_test(test_name, board_class(load(submission)), game))


def _write(result: str, passed: bool, output: str) -> None:
    """The result of a test the worker passes or fails itself."""
    Path(result).write_text(json.dumps({"passed": passed, "output": output}), encoding="utf-8")


def main(argv: list[str]) -> None:
    from oogames.games.gametree import static_value
    from oogames.grading.catalogue import trees_of
    from oogames.grading.trees import RecordingTree

    assignment, test_name, submission, result, *extra = argv
    if assignment == "write-a-game":
        _game_test(test_name, submission, result, *extra)
        return
    if assignment == "evaluation":
        from oogames.grading.evaluation import check_values

        _write(result, *check_values(submission))
        return
    tests = trees_of(assignment, extra[0] if extra else None)
    test = next(test for test in tests if test.name == test_name)
    board = RecordingTree(test.tree)
    depth = {} if test.rounds is None else {"rounds": test.rounds, "players": board.players}
    factory = factory_of(assignment, load(submission), **depth)
    if test.depth is not None:
        factory = DepthFac(factory, test.depth, static_value)
    before = (board.to_move, board.moves, board.key())
    found = MinMax(factory, prefer_quick_wins=False).search(board, factory.make_acc(0))
    changed = (board.to_move, board.moves, board.key()) != before
    written = {
        "value": found.value,
        "move": found.move,
        "positions": board.generated,
        "changed": changed,
    }
    Path(result).write_text(json.dumps(written), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])  # what the code raised: Python's own end (its traceback, status 1)
    # Written: a thread the code started and left running (not a daemon) keeps the test
    # from ending no longer (a right search scored 0, "no answer in 10 s").
    end_now(0)
