"""A game whose whole tree is written out: the lectures' example trees, as a board.

Textbooks explain minimax, alpha-beta, max^n and expectimax on small trees drawn
by hand. :class:`GameTreeBoard` plays such a tree, so every search and teaching
tool of oogames runs on it. A node is one of:

- ``"X"`` / ``"O"`` / ``"draw"``: the game is over (player 0 won, player 1 won, a draw);
- a number: the game is over and is worth that to player 0 (two players, zero-sum:
  player 1 gets its negative);
- a tuple of numbers, one a player: the game is over and player ``i`` gets ``payoffs[i]``
  (its length is the number of players);
- a dict ``{move: node, ...}``: the player to move chooses a move (moves are strings);
- ``Chance({outcome: (probability, node), ...})``: chance chooses the outcome (a die);
- ``Pass(node)``: the player to move has no move and must pass; ``node`` follows;
- ``Static(value, node)``: ``node``, with a static value (player 0's view, or a tuple with
  each player's) that :func:`static_value` reads, for depth-limited search;
- ``Turn(player, node)``: ``node``, with ``player`` to move there.

The players take turns round the table, 0, 1, ..., n - 1, 0, ... (chance positions
are no one's turn), unless a ``Turn`` says otherwise.

>>> from oogames import DepthFac, MinMax, MinMaxFac
>>> tree = {"a": {"a1": Static(3, {"x": "draw"}), "a2": Static(12, {"x": "draw"})},
...         "b": {"b1": Static(2, {"x": "draw"}), "b2": Static(4, {"x": "draw"})}}
>>> result = MinMax(DepthFac(MinMaxFac(), 2, static_value)).analyze(GameTreeBoard(tree))
>>> result.move, result.value
('a', 3)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final, cast

import attrs

from oogames.board.hints import PayoffBounds
from oogames.board.lambdas import IBoardLambda, P
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import CHANCE, PASS, Move
from oogames.board.notation import plain_names
from oogames.board.states import AT_CHANCE, DRAW, NON_TERMINAL, WON, ABoardState, game_over
from oogames.board.undo import SnapshotRecord
from oogames.errors import BoardOptionError, IllegalMoveError, shown


@attrs.frozen
class Pass:
    """A position where the player to move can only pass; ``then`` follows the pass."""

    then: object


@attrs.frozen
class Static:
    """A position ``node`` with a static ``value`` (player 0's view, or one a player) for an
    evaluation to read."""

    value: float | tuple[float, ...]
    node: object


@attrs.frozen
class Turn:
    """A position ``node`` where ``player`` is to move (the turn order otherwise goes
    round the table)."""

    player: int
    node: object


@attrs.frozen
class Chance:
    """A chance position: ``outcomes`` maps each outcome (a string) to its probability and
    the node it leads to, ``{"1": (1/6, node), ...}``; the probabilities are positive and
    add up to 1."""

    outcomes: Mapping[str, tuple[float, object]]


_OUTCOME: Final[dict[str, ABoardState]] = {"X": WON[0], "O": WON[1], "draw": DRAW}


def _strip(node: object) -> object:
    while isinstance(node, Static | Turn):
        node = node.node
    return node


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _count_players(tree: object) -> int:
    """How many players the tree has: the length of its payoff tuples, or 2."""
    waiting, seen = [tree], set()
    while waiting:
        node = _strip(waiting.pop())
        if isinstance(node, tuple):
            return len(node)
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, dict):
            waiting.extend(node.values())
        elif isinstance(node, Chance) and isinstance(node.outcomes, Mapping):
            waiting.extend(
                pair[1] for pair in node.outcomes.values() if isinstance(pair, tuple) and pair
            )
        elif isinstance(node, Pass):
            waiting.append(node.then)
    return 2


def _check_leaf(node: object, players: int) -> None:
    if isinstance(node, str):
        if node not in _OUTCOME:
            raise BoardOptionError(f'a leaf is "X", "O" or "draw", not {node!r}')
        if players != 2:
            raise BoardOptionError(f'"{node}" is a result of two players; this tree has {players}')
    elif isinstance(node, tuple):
        if len(node) != players or not all(_is_number(payoff) for payoff in node):
            raise BoardOptionError(
                f"a finished game's payoffs are {players} finite numbers, one a player, "
                f"not {shown(node)}"
            )
    elif players != 2:
        raise BoardOptionError(
            f"a number is a two-player result; with {players} players write a tuple of payoffs"
        )


def _check_node(node: object, players: int) -> list[object]:
    """Check one inner node's own form and return its children."""
    if isinstance(node, Pass):
        return [node.then]
    if isinstance(node, Chance):
        if not isinstance(node.outcomes, Mapping) or not node.outcomes:
            raise BoardOptionError("a Chance node maps outcomes to (probability, node) pairs")
        total = 0.0
        for outcome, pair in node.outcomes.items():
            if not isinstance(outcome, str):
                raise BoardOptionError(f"outcomes are strings, not {shown(outcome)}")
            if not (isinstance(pair, tuple) and len(pair) == 2 and _is_number(pair[0])):
                raise BoardOptionError(f"an outcome is (probability, node), not {shown(pair)}")
            if pair[0] <= 0:
                raise BoardOptionError(f"a probability is positive, not {pair[0]!r}")
            total += pair[0]
        if abs(total - 1) > 1e-9:
            raise BoardOptionError(f"the probabilities of a Chance node add up to 1, not {total:g}")
        return [pair[1] for pair in node.outcomes.values()]
    assert isinstance(node, dict)  # the caller checked: a Pass, a Chance or a dict
    if not node:
        raise BoardOptionError("a position needs a move; write Pass(node) for a pass")
    for move in node:
        if not isinstance(move, str):
            raise BoardOptionError(f"moves are strings, not {shown(move)}")
    return list(node.values())


def _check(tree: object, players: int) -> None:
    """Raise BoardOptionError unless ``tree`` is a well-formed game tree of ``players``.

    Walked without recursion (a tree may be as deep as memory allows) and with the path
    kept, so that a tree that contains itself is refused rather than walked for ever.
    """
    on_path: set[int] = set()  # the containers from the root down to the node at hand
    done: set[int] = set()  # containers checked already (a subtree may be shared)
    waiting: list[tuple[object, bool]] = [(tree, False)]
    while waiting:
        node, leaving = waiting.pop()
        while isinstance(node, Static | Turn):
            if isinstance(node, Turn) and not (
                type(node.player) is int and 0 <= node.player < players
            ):
                raise BoardOptionError(
                    f"a Turn names a player 0 to {players - 1}, not {shown(node.player)}"
                )
            if isinstance(node, Static) and not (
                _is_number(node.value)
                or (isinstance(node.value, tuple) and len(node.value) == players)
            ):
                raise BoardOptionError(
                    f"a static value is a number or {players} numbers, not {shown(node.value)}"
                )
            node = node.node
        if leaving:
            on_path.discard(id(node))
            done.add(id(node))
            continue
        if isinstance(node, str | tuple) or _is_number(node):
            _check_leaf(node, players)
            continue
        if not isinstance(node, Pass | dict | Chance):
            raise BoardOptionError(f"not a node of a game tree: {shown(node)}")
        if id(node) in on_path:
            raise BoardOptionError("the tree contains itself: a game tree must end")
        if id(node) in done:
            continue
        on_path.add(id(node))
        waiting.append((node, True))
        waiting.extend((child, False) for child in _check_node(node, players))


def _children(node: object) -> list[object]:
    if isinstance(node, Pass):
        return [node.then]
    if isinstance(node, Chance):
        return [pair[1] for pair in node.outcomes.values()]
    return list(node.values()) if isinstance(node, dict) else []


def _holds(tree: object, kinds: type | tuple[type, ...]) -> bool:
    """Whether the tree has a node of ``kinds`` (``Turn | Chance``: turns that do not
    alternate; ``Chance``: dice)."""
    waiting, seen = [tree], set()
    while waiting:
        node = waiting.pop()
        if isinstance(node, kinds):
            return True
        if isinstance(node, Static | Turn):
            waiting.append(node.node)
        elif isinstance(node, dict | Pass | Chance) and id(node) not in seen:
            seen.add(id(node))
            waiting.extend(_children(node))
    return False


def _status_of(node: object) -> ABoardState:
    node = _strip(node)
    if isinstance(node, str):
        return _OUTCOME[node]
    if isinstance(node, tuple):
        return game_over(node)
    if isinstance(node, Chance):
        return AT_CHANCE
    if isinstance(node, int | float):
        return game_over((node, -node))
    return NON_TERMINAL  # a dict or a Pass (the tree was checked)


class GameTreeBoard(ABoardModel):
    """The board of a game given by its tree (see the module's description).

    Args:
        tree: The root node.
        players: How many players; by default the length of the tree's payoff tuples,
            or 2 for a tree without any.

    Raises:
        BoardOptionError: ``tree`` is not a well-formed game tree of ``players``.
    """

    __slots__ = (
        "_last",
        "_node",
        "_tree_text",
        "alternates",
        "following",
        "player_names",
        "players",
        "tree",
    )

    game_name = "gametree"
    notation = "the name of a branch"

    def __init__(self, tree: object, players: int | None = None) -> None:
        super().__init__()
        count = _count_players(tree) if players is None else players
        if type(count) is not int or not 1 <= count <= 16:
            raise BoardOptionError(f"a game tree has 1 to 16 players, not {shown(count)}")
        _check(tree, count)
        self.players = count
        self.following = tuple((player + 1) % count for player in range(count))
        self.player_names = ("MAX", "MIN") if count == 2 else plain_names(count)
        self.tree = tree
        self._tree_text: str | None = None  # the tree written out, for keys (see key)
        # Else the searches ask the board who moves.
        self.alternates = count == 2 and not _holds(tree, (Turn, Chance))
        self._node: object = tree
        self._last = -1  # the last player who chose a move (-1: nobody yet)
        self.reset()

    def _mover(self, node: object) -> int:
        """Who is to move at ``node``, the last chooser having been ``self._last``."""
        while isinstance(node, Static):
            node = node.node
        if isinstance(node, Turn):
            return node.player
        if isinstance(node, Chance):
            return CHANCE
        return self.following[self._last] if self._last >= 0 else 0

    def _play(self, player: int, move: Move) -> Played | None:
        """Follow the branch ``move`` (see :meth:`ABoardModel._play`)."""
        node = _strip(self._node)
        if move is PASS and isinstance(node, Pass):
            after = node.then
        elif isinstance(node, dict) and isinstance(move, str) and move in node:
            after = node[move]
        elif isinstance(node, Chance) and isinstance(move, str) and move in node.outcomes:
            after = node.outcomes[move][1]
        else:
            return None
        record = SnapshotRecord(self, player, move, (self._node, self._last))
        self._node = after
        if player != CHANCE:
            self._last = player
        return record, _status_of(after)

    def _next_player(self, player: int, state: ABoardState) -> int:
        return self._mover(self._node)

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        node = _strip(self._node)
        if not isinstance(node, dict):
            lam.no_apply(player, self, param)
            return
        for move in node:
            if not lam.apply(player, self, move, param):
                return

    @property
    def has_chance(self) -> bool:
        """Whether the tree has a chance node."""
        return _holds(self.tree, Chance)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The outcomes of this chance node with their probabilities, as the tree lists them."""
        node = _strip(self._node)
        assert isinstance(node, Chance)  # asked only at a chance position
        return [(outcome, pair[0]) for outcome, pair in node.outcomes.items()]

    def _set_snapshot(self, snapshot: object) -> None:
        self._node, self._last = cast(tuple[object, int], snapshot)

    def static(self) -> float | tuple[float, ...]:
        """The static value written on the current position (0 if none): a number from
        player 0's view, or a tuple with each player's."""
        node = self._written()
        return node.value if isinstance(node, Static) else 0.0

    @property
    def has_static(self) -> bool:
        """Whether a static value is written on the current position (see :meth:`static`)."""
        return isinstance(self._written(), Static)

    def _written(self) -> object:
        """The current node past its ``Turn`` marks: a ``Static`` if a value is written."""
        node = self._node
        while isinstance(node, Turn):
            node = node.node
        return node

    def payoff_bounds(self, player: int | None = None) -> PayoffBounds | None:
        """The least and the greatest payoff and static value written in the tree for
        ``player`` (None: for any player), and the greatest sum of a finished game's
        payoffs; None for a tree with ``"X"`` or ``"O"`` leaves (a win's value is the
        search's)."""
        values: list[float] = []
        totals: list[float] = [0.0]
        players = range(self.players) if player is None else (player,)

        def add(value: float | tuple[float, ...]) -> None:
            vector = value if isinstance(value, tuple) else (value, -value)
            values.extend(vector[who] for who in players)
            totals.append(sum(vector))

        waiting, seen = [self.tree], set()
        while waiting:
            node = waiting.pop()
            while isinstance(node, Static | Turn):
                if isinstance(node, Static):
                    add(node.value)
                node = node.node
            if isinstance(node, str):
                if node != "draw":
                    return None
                add(0.0)
            elif isinstance(node, tuple | int | float):
                add(node)
            elif id(node) not in seen:
                seen.add(id(node))
                waiting.extend(_children(node))
        return PayoffBounds(min(values), max(values), max(totals))

    def reset(self) -> None:
        """Back to the root."""
        self._node = self.tree
        self._last = -1
        self._history.clear()
        self._to_move = self._mover(self.tree)
        self._state = _status_of(self.tree)

    def key(self) -> tuple[str, tuple[Move, ...], int]:
        """The tree (written out once, with the number of players) and the path from its
        root: every position of a tree is reached one way, and the same path in another
        tree is another position, so a table shared by the searches of several trees
        never mixes them, while two boards of one tree have equal keys."""
        text = self._tree_text
        if text is None:
            text = self._tree_text = f"{self.players} players: {self.tree!r}"
        return (text, self.moves, self._to_move)

    def options(self) -> dict[str, object]:
        """``tree``, and ``players`` where the tree does not say it."""
        if self.players == _count_players(self.tree):
            return {"tree": self.tree}
        return {"tree": self.tree, "players": self.players}

    def _draw(self) -> str:
        path = self.format_moves(self.moves) or "the root"
        return f"at {path}"

    def parse_move(self, text: str) -> Move:
        """A move is written as its name: the text itself (``"pass"`` is the pass)."""
        word = text.strip()
        return super().parse_move(word) if word.lower() == "pass" else word

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, "there is no such branch here")


def static_value(board: GameTreeBoard, player: int) -> float:
    """An evaluation: the static value written on the position, from ``player``'s view (a
    number is player 0's: player 1's is its negative; a tuple has each player's)."""
    value = board.static()
    if isinstance(value, tuple):
        return value[player]
    return value if player == 0 else -value
