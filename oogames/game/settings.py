"""The settings of a game: which game and size, who plays each side, who starts, hint depth."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import ClassVar, TypeVar

import attrs

from oogames.board.model import ABoardModel
from oogames.board.options import check_size
from oogames.errors import OogamesError, SettingsError, shown
from oogames.games import DEFAULT_GAME, GameInfo, find_game
from oogames.nextmove.grammar import DEFAULT_COMPUTER, MAX_DEPTH, SOLVING_COMPUTER, StrategySpec
from oogames.nextmove.specs import check_fits, make_strategy
from oogames.nextmove.strategy import INextMoveStrategy

MAX_SEATS = 16
"""The most players a game's settings seat."""

MAX_SEED = 2**63
"""The largest seed of a game's random players."""

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
"""How the views name the first seats; a later seat is "player N"."""


def seat_name(seat: int) -> str:
    """The name a view gives seat ``seat`` (0 moves first by default).

    >>> from oogames.game.settings import seat_name
    >>> seat_name(0), seat_name(2), seat_name(6)
    ('the first player', 'the third player', 'player 7')
    """
    return f"the {ORDINALS[seat]} player" if seat < len(ORDINALS) else f"player {seat + 1}"


T = TypeVar("T")


def later_seats(
    given: Mapping[int, T],
    default: T,
    info: GameInfo,
    board: ABoardModel,
    label: Callable[[int], str],
) -> list[T]:
    """The seats after the first two that ``board`` has, in order: each one ``given`` (by
    its number), ``default`` (the game's computer) where none is. The command line's
    ``--player2`` ... and the page's ``player2`` ... are read by it.

    Raises:
        SettingsError: A seat is given that the game does not have, named by ``label``.
    """
    count = board.players
    for seat in sorted(given):
        if not 2 <= seat < count:
            raise SettingsError(
                f"{label(seat)}: {info.name} has {count} players here (seats 0 to {count - 1})"
            )
    return [given.get(seat, default) for seat in range(2, count)]


@attrs.frozen
class PlayerSpec(StrategySpec):
    """Who plays a side: ``human``, or a strategy spec (:class:`StrategySpec`, whose
    fields and rules it has: ``PlayerSpec("alphabeta+tt", 4)``, ``PlayerSpec.parse(text)``).

    ``kind`` is the same as ``name`` (kept for callers of earlier versions).
    """

    @property
    def kind(self) -> str:
        """The strategy and its enhancements, ``"alphabeta+tt"`` (the same as ``name``)."""
        return self.name

    @property
    def label(self) -> str:
        """As written on the command line, for example ``"alphabeta:4"`` (``str(spec)``)."""
        return str(self)

    def strategy(
        self, info: GameInfo, seed: int | None = None, board: ABoardModel | None = None
    ) -> INextMoveStrategy:
        """The strategy of a computer player (not for ``human``) of ``info``'s game, on
        ``board`` (a search with neither depth nor clock is refused on a board too big to
        solve: :func:`oogames.nextmove.specs.check_ends`; a search that cannot search its
        game at all, before it plays: :func:`oogames.nextmove.specs.check_fits`).

        Raises:
            StrategySpecError: The spec cannot play this board.
        """
        solvable = board is None or not info.too_big(board)
        if board is not None:
            check_fits(self, board)
        return make_strategy(self, info.evaluate, seed, solvable)


def default_player(info: GameInfo, board: ABoardModel | None = None) -> PlayerSpec:
    """The computer player where none is named, for ``board`` (default: ``info``'s starting
    board): a full search where the board is small enough to solve in seconds, else
    :data:`~oogames.nextmove.grammar.DEFAULT_COMPUTER` (a clock a move). The command
    line's default and what the dialogs take when the game changes.

    >>> from oogames.game.settings import default_player
    >>> from oogames.games import find_game
    >>> str(default_player(find_game("tictactoe"))), str(default_player(find_game("connectfour")))
    ('alphabeta', 'alphabeta+tt+order@1')
    """
    board = info.make() if board is None else board
    if info.computer is not None:
        return PlayerSpec.parse(info.computer)
    return PlayerSpec.parse(SOLVING_COMPUTER if info.solvable(board) else DEFAULT_COMPUTER)


def _default_seats(settings: GameSettings) -> tuple[PlayerSpec, ...]:
    """A person, then :func:`default_player` for the settings' game and options: the
    default of ``players``, as on the command line. Settings the checks will refuse (a
    game that is no name, options that are no mapping or that the board refuses) get the
    game's starting board's computer, or :data:`~oogames.nextmove.grammar.DEFAULT_COMPUTER`;
    the checks then say what is wrong."""
    person = PlayerSpec("human")
    if not isinstance(settings.game, str):
        return person, PlayerSpec.parse(DEFAULT_COMPUTER)
    info = find_game(settings.game)  # an unknown game stops here, as in the checks
    board = None
    if isinstance(settings.options, dict):
        with contextlib.suppress(OogamesError):  # said again, with its flag, when made
            board = settings.make_board()
    return person, default_player(info, board)


def _as_tuple(players: tuple[PlayerSpec, ...] | list[PlayerSpec]) -> tuple[PlayerSpec, ...]:
    """A list of players as the tuple the settings keep (anything else is checked as given)."""
    return tuple(players) if isinstance(players, list) else players


@attrs.frozen
class GameSettings:
    """Everything needed to start a game.

    Attributes:
        game: The game's name in :data:`oogames.games.GAMES`, or a plug-in's
            ``MODULE:CLASS`` / ``FILE.py:CLASS`` or installed name (see :mod:`oogames.plugins`).
        options: The board's options (sizes, k, ...).
        players: Who plays each seat, in order (two, or as many as the game has players:
            seats not given are played by the game's default computer). Where none are
            given: ``human``, then :func:`default_player` for the game and its options.
        first: Which seat moves first (0 to the number of seats less one); that seat
            plays the board's player 0, the next seat player 1, and so on round the table.
        hint_depth: How deep hints search, apart from the computer opponents.
        seed: Seed for random players.
    """

    #: The deepest hint, in every view (a strategy's deepest ``:DEPTH``); the least is 1.
    MAX_HINT_DEPTH: ClassVar[int] = MAX_DEPTH
    #: How deep hints search where none is said, in every view.
    HINT_DEPTH: ClassVar[int] = 3

    game: str = DEFAULT_GAME
    options: dict[str, object] = attrs.field(factory=dict)
    players: tuple[PlayerSpec, ...] = attrs.field(
        default=attrs.Factory(_default_seats, takes_self=True), converter=_as_tuple
    )
    first: int = 0
    hint_depth: int = HINT_DEPTH
    seed: int | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.game, str):
            raise SettingsError(f"a game is named by a text, not {shown(self.game)}")
        find_game(self.game)  # an unknown game, or a plug-in that is no board, stops here
        if not isinstance(self.players, tuple):
            raise SettingsError(f"the players are a tuple of PlayerSpec, not {shown(self.players)}")
        if not 2 <= len(self.players) <= MAX_SEATS:
            raise SettingsError(f"a game has 2 to {MAX_SEATS} players, not {len(self.players)}")
        for seat in self.players:
            if not isinstance(seat, PlayerSpec):
                text = (
                    f" (PlayerSpec.parse({seat!r}) reads its text)" if isinstance(seat, str) else ""
                )
                raise SettingsError(f"each player is a PlayerSpec{text}, not {shown(seat)}")
        # Named as the fields are (in Python, in a saved game, on the page); the command
        # line checks its flags, named as flags, before it makes the settings.
        check_size("first", self.first, 0, len(self.players) - 1, SettingsError)
        check_size("hint_depth", self.hint_depth, 1, self.MAX_HINT_DEPTH, SettingsError)
        if self.seed is not None:
            check_size("seed", self.seed, 0, MAX_SEED, SettingsError)
        if not isinstance(self.options, dict):
            raise SettingsError(f"the options must be a mapping, not {shown(self.options)}")

    @property
    def info(self) -> GameInfo:
        """The game's entry in :data:`oogames.games.GAMES`."""
        return find_game(self.game)

    def make_board(self) -> ABoardModel:
        """The starting board.

        Raises:
            BoardOptionError: An option's value is bad; the message names it by
                its command-line flag (``--max-add``).
        """
        return self.info.make(**self.options)

    def spec_of(self, board_player: int) -> PlayerSpec:
        """The player spec that plays the board's ``board_player`` (0 moves first)."""
        return self.players[(board_player + self.first) % len(self.players)]

    def seated(self, board: ABoardModel, first: int | None = None) -> GameSettings:
        """These settings with one seat for each of ``board``'s players: seats not given
        are the game's default computer. With ``first``, that seat starts (a view's choice,
        checked against the seats the game has, not only those named).

        Raises:
            SettingsError: More seats are given than the game has players, or ``first`` is
                not one of its seats.
        """
        count = board.players
        if len(self.players) > count:
            raise SettingsError(
                f"{self.game} has {count} players here, not {len(self.players)}: name "
                f"{count} players at most (the seats after the second are --player2 ... on "
                "the command line, More players in the views)"
            )
        if first is not None and not 0 <= first < count:
            raise SettingsError(
                f"{seat_name(first) if first >= 0 else f'seat {first}'} cannot start: "
                f"{self.game} has {count} players here"
            )
        first = self.first if first is None else first
        if len(self.players) == count and first == self.first:
            return self
        extra = (default_player(self.info, board),) * (count - len(self.players))
        return attrs.evolve(self, players=self.players + extra, first=first)
