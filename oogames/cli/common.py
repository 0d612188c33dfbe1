"""What the subcommands of the ``oogames`` command share: the parser class, the readers
of numbers and lists, the game options, the players given."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TextIO, TypeAlias, TypeVar

import attrs

from oogames._moved import moved_names
from oogames.board.model import ABoardModel
from oogames.board.options import Option
from oogames.cli.parser import Parser as Parser  # moved: the name kept (docs/moved.rst)
from oogames.cli.parser import list_metavar
from oogames.errors import BoardOptionError, UsageError, shown
from oogames.game.settings import default_player, later_seats
from oogames.games import DEFAULT_GAME, GAMES, GameInfo, find_game
from oogames.parsing import option_flag, read_seconds, read_whole, whole_number

T = TypeVar("T")
"""What a :class:`Ranged` type reads: an int or a float."""


@attrs.frozen
class Flag:
    """One argument of a subcommand: what argparse's ``add_argument`` takes (:func:`flag`).

    Attributes:
        names: ``("--moves",)``, or a positional argument's name.
        options: The keywords of ``add_argument`` (``type``, ``default``, ``help``, ...).
        exclusive: The name of a group of flags of which one may be given (``"view"``).
    """

    names: tuple[str, ...]
    options: dict[str, Any]
    exclusive: str = ""


def flag(
    *names: str,
    exclusive: str = "",
    note: str = "",
    items: str = "",
    spaced: bool = False,
    **options: Any,
) -> Flag:
    """A :class:`Flag`, written as ``add_argument`` is called.

    Its help is its words, then what the parser takes them from: the range a
    :class:`Ranged` type reads and the default. ``help="games per pairing"``,
    ``type=whole_from(1, 10_000)``, ``default=2`` and ``note="both colours"`` give
    "games per pairing, 1 to 10,000 (default 2: both colours)"; with no default,
    ``note`` says what the command does ("(default: NOTE)"). A list's flag names its
    items (``items="D"``: metavar ``D,...``, its help says "comma-separated"; with
    ``spaced``, metavar ``"M ..."``: the items by spaces in one word, in quotes).
    """
    if items:
        options["metavar"] = list_metavar(items, spaced)
    if isinstance(options.get("type"), Ranged) and names[0].startswith("-"):
        options["type"] = attrs.evolve(options["type"], what=names[0])
    if "help" in options:
        kind, default = options.get("type"), options.get("default")
        told = options["help"]
        if items:
            told += ", by spaces in quotes" if spaced else ", comma-separated"
        told += f", {kind.span()}" if isinstance(kind, Ranged) and kind.told else ""
        unset = default is None or default is False or default in ("", [])  # 0 is a default
        said = "" if unset else f" {_number(default)}"
        said += f": {note}" if note else ""
        options = options | {"help": f"{told} (default{said})" if said else told}
    return Flag(names, options, exclusive)


def _number(value: object, grouped: bool = False) -> str:
    """A default as help shows it: ``10.0`` as ``10``, ``100000`` as ``100,000`` (``8000``
    as is, unless ``grouped``: a range's bound, as the error messages write it); text as is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,.10g}" if grouped or abs(value) >= 10_000 else f"{value:.10g}"
    return str(value)


@attrs.frozen
class Subcommand:
    """A subcommand of ``oogames``, declared once: its name, help, arguments and what
    carries it out. Each module of :mod:`oogames.cli` declares its own in ``COMMANDS``.

    Attributes:
        name: What is typed (``oogames solve``).
        help: One line for ``oogames --help``.
        description: The paragraph of ``oogames NAME --help``.
        run: What carries it out, ``run(args, out)``, returning the exit status.
        game: Whether the game is the positional ``GAME`` ("positional"), the same with
            tic-tac-toe when it is left out, ``--game GAME`` also read ("option"; the board
            flags of ``BOARD_FLAGS`` either way), or not asked for.
        flags: Its other arguments, in the order of its help.
    """

    name: str
    help: str
    description: str
    run: Callable[[argparse.Namespace, TextIO], int]
    game: Literal["positional", "option", None] = None
    flags: tuple[Flag, ...] = ()

    def add_to(self, commands: Commands) -> argparse.ArgumentParser:
        """Declare the subcommand on ``commands`` (argparse's subparsers)."""
        parser = commands.add_parser(self.name, help=self.help, description=self.description)
        if self.game is not None:
            taken = {name for each in self.flags for name in each.names}
            add_game_options(parser, positional=self.game == "positional", taken=taken)
        groups: dict[str, argparse._MutuallyExclusiveGroup] = {}
        for each in self.flags:
            where: argparse._ActionsContainer = parser
            if each.exclusive:
                if each.exclusive not in groups:
                    groups[each.exclusive] = parser.add_mutually_exclusive_group()
                where = groups[each.exclusive]
            where.add_argument(*each.names, **each.options)
        parser.set_defaults(run=self.run)
        return parser


def workers_flag(when: str = "", note: str = "play here", default: int | None = 1) -> Flag:
    """``--workers N``: worker processes on a local Dask cluster (1: play here, without
    Dask); ``when`` says when the flag counts (``"with --tournament"``), ``note`` what its
    default does (with ``default`` None: the command chooses)."""
    return flag(
        "--workers",
        type=whole_from(1, 1_024),
        default=default,
        note=note,
        help=f"{when}: worker processes" if when else "worker processes on a local Dask cluster",
    )


if TYPE_CHECKING:
    Commands: TypeAlias = argparse._SubParsersAction[Parser]
    """What a :class:`Subcommand` adds its parser to (``parser.add_subparsers()``)."""


@attrs.frozen
class Ranged(Generic[T]):
    """An argparse type reading with ``read`` (a reader of :mod:`oogames.parsing`) from
    ``low`` to ``high``, with a one-line error (argparse names the flag). It knows its
    range, so a flag's help states the range the parser reads (:func:`flag`).
    """

    read: Callable[..., T]
    low: float
    high: float | None = None
    what: str = ""  # the flag, which :func:`flag` gives it: the message starts with it
    told: bool = True  # whether the flag's help states the range (not where it says more)

    def __call__(self, text: str) -> T:
        try:
            return self.read(text, self.what or "the value", self.low, self.high, UsageError)
        except UsageError as error:
            raise refused(str(error), self.what) from None

    def span(self) -> str:
        """``"1 to 10,000"``, or ``"1 or more"`` with no ``high``."""
        if self.high is None:
            return f"{_number(self.low)} or more"
        return f"{_number(self.low)} to {_number(self.high, grouped=True)}"


def refused(message: str, flag: str = "") -> argparse.ArgumentError | argparse.ArgumentTypeError:
    """What an argparse type raises for a value it refuses: with the ``flag`` named in
    ``message`` (``"--games must be a whole number from 1 to 10,000, not '0'"``), an error
    argparse prints as it is, as the board options' are after parsing, not after a second
    name of the flag (``"argument --games: ..."``)."""
    if flag:
        return argparse.ArgumentError(None, message)
    return argparse.ArgumentTypeError(message)


def ranged(read: Callable[..., T], low: float, high: float | None = None) -> Ranged[T]:
    """Deprecated name: ``Ranged(read, low, high)``."""
    return Ranged(read, low, high)


def whole_from(low: int, high: int | None = None) -> Ranged[int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    return Ranged(read_whole, low, high)


whole_arg: Final = Ranged(read_whole, 0, told=False)
"""An argparse type: a whole number, 0 or more (a flag's help says more of it; a
``whole_from`` range where it has one). Its message is every number flag's: ``--seed must
be a whole number from 0 up, not '-3'``."""


def seconds_from(low: float, high: float) -> Ranged[float]:
    """An argparse type: a finite number from ``low`` to ``high`` (no ``inf``, no ``nan``)."""
    return Ranged(read_seconds, low, high)


WIDTH: Final = 79
"""The width of what the commands print (the listing, the compare table): a longer line
wraps or narrows, so that a terminal 80 wide does not cut it where it ends."""

SEED_FLAG: Final = flag("--seed", type=whole_arg, help="seed for random players")
"""``--seed`` of the commands that play one game (``play``, ``demo``)."""
SCHEDULER_FLAG: Final = flag("--scheduler", help="a running Dask scheduler: tcp://HOST:PORT")
"""``--scheduler`` of the commands that play many games (``match``, ``tournament``)."""
POSITION_FLAG: Final = flag(
    "--moves", items="M", spaced=True, default="", help="the position: moves from the start"
)
"""``--moves`` of the commands that look at one position (``solve``, ``tree``): one word,
``"b2 a1"`` (Connect Four's ``4453`` needs no quotes); ``oogames compare`` repeats it."""


def whole_list(text: str, what: str) -> list[int]:
    """Whole numbers separated by commas, like ``3,4,5`` (an empty one is refused)."""
    values = [whole_number(part) for part in text.split(",")]
    if not values or any(value is None for value in values):
        raise UsageError(f"{what} are whole numbers separated by commas, not {shown(text)}")
    return [value for value in values if value is not None]


def _board_flags() -> dict[str, tuple[tuple[str, Option], ...]]:
    """Each option the built-in games declare, by name, with the games that take it."""
    flags: dict[str, list[tuple[str, Option]]] = {}
    for info in GAMES.values():
        for option in info.declared:
            flags.setdefault(option.name, []).append((info.name, option))
    return {name: tuple(takers) for name, takers in flags.items()}


BOARD_FLAGS: dict[str, tuple[tuple[str, Option], ...]] = _board_flags()
"""The board options the command line takes as flags (``--max-add``), made from the
games' declarations: by option name, each game that takes it with its declaration."""


def _flag_type(option: Option) -> Callable[[str], object]:
    """An argparse type that reads the flag's value as ``option`` reads it."""

    def typed(text: str) -> object:
        try:
            return option.read(text)
        except BoardOptionError as error:
            raise refused(str(error.naming(option.flag)), option.flag) from None

    return typed


def _flag_help(takers: tuple[tuple[str, Option], ...]) -> str:
    """The help of a flag: each meaning with the games it is theirs in, and their defaults
    (``tictactoe, connectfour: how many in a row win, at least 1 (default 3; 4)``)."""
    meanings: dict[str, list[tuple[str, Option]]] = {}
    for game, option in takers:
        meanings.setdefault(option.meaning(), []).append((game, option))
    return "; ".join(
        f"{', '.join(game for game, _ in games)}: {meaning} "
        f"(default {'; '.join(option.write(option.default) for _, option in games)})"
        for meaning, games in meanings.items()
    )


def flag_error(error: BoardOptionError) -> BoardOptionError:
    """``error`` with its option named as the command line takes it: ``--max-add``, or
    ``--opt NAME`` for an option of a plug-in's that has no flag."""
    if error.option is None:
        return error
    if error.option in BOARD_FLAGS:
        return error.naming(option_flag(error.option))
    return error.naming(f"--opt {error.option}")


GAME_HELP = (
    f"the game: {', '.join(GAMES)}; a board class of your own as MODULE:CLASS or "
    "FILE.py:CLASS; or a game an installed package adds (oogames list)"
)


def add_game_options(
    parser: argparse.ArgumentParser, positional: bool = False, taken: Collection[str] = ()
) -> None:
    """Declare the game and its options on ``parser``: a flag for each board option, but
    those whose flag the subcommand ``taken`` for itself (``oogames tournament
    --players``), which ``--opt NAME=VALUE`` still gives."""
    if positional:
        parser.add_argument("game", metavar="GAME", help=GAME_HELP)
    else:  # oogames demo, oogames demo rolit, and as before oogames demo --game rolit
        parser.add_argument(
            "game",
            nargs="?",
            default=argparse.SUPPRESS,  # left out: --game's default stands
            metavar="GAME",
            help=f"{GAME_HELP} (default {DEFAULT_GAME})",
        )
        parser.add_argument(
            "--game", dest="game", default=DEFAULT_GAME, metavar="GAME", help="the same"
        )
    skipped = [name for name, takers in BOARD_FLAGS.items() if takers[0][1].flag in taken]
    also = "".join(  # tournament --players names the strategies: Rolit's count is --opt's
        f"; and the {name} of {', '.join(game for game, _ in BOARD_FLAGS[name])}, whose flag "
        f"this command takes for itself: --opt {name}=N"
        for name in skipped
    )
    parser.add_argument(
        "--opt",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"an option of a plug-in game's constructor (typed from its annotations){also}; "
        "repeat",
    )
    for name, takers in BOARD_FLAGS.items():
        text = _flag_help(takers)
        option = takers[0][1]
        if name in skipped:
            continue
        if option.kind == "switch":  # absent (None, the board's default) or on
            parser.add_argument(option.flag, dest=name, action="store_const", const=True, help=text)
        else:
            shown = list_metavar("N") if option.kind == "wholes" else name.upper()
            parser.add_argument(
                option.flag, dest=name, type=_flag_type(option), metavar=shown, help=text
            )
    parser.set_defaults(board_flags_taken=frozenset(skipped))


def game_options(args: argparse.Namespace) -> tuple[GameInfo, dict[str, object]]:
    """The game chosen by ``args`` and the options given for it (the flags of the built-in
    games, ``--opt NAME=VALUE`` for any); refuses options the game does not take."""
    info = find_game(args.game)
    given = {
        name: getattr(args, name)
        for name in BOARD_FLAGS
        if name not in getattr(args, "board_flags_taken", ())  # the subcommand's own flag
        and getattr(args, name, None) is not None
    }
    foreign = sorted(set(given) - set(info.options))
    if foreign:
        flags = ", ".join(option_flag(name) for name in foreign)
        takes = ", ".join(option_flag(name) for name in info.options) or "no options"
        raise BoardOptionError(f"{info.name} does not take {flags}; it takes {takes}")
    opted = info.read_option_words(list(getattr(args, "opt", []) or []))
    if both := sorted(set(opted) & set(given)):  # the later one was taken, without a word
        raise BoardOptionError(
            f"{both[0]} is given twice ({option_flag(both[0])} and --opt): give each option once"
        )
    return info, {**given, **opted}


def make_board(args: argparse.Namespace) -> tuple[GameInfo, ABoardModel, dict[str, object]]:
    """The game chosen by ``args``, its starting board, and the options that build that board
    again (what a game's settings and a tournament's tasks keep): those given, completed
    by the board's own (:meth:`~oogames.board.model.ABoardModel.options`)."""
    info, given = game_options(args)
    board = info.make(**given)
    return info, board, {**given, **board.options()}


def given_player(spec: str | None, flag: str) -> str | None:
    """A player given on the command line (None: not given), refusing an empty one."""
    if spec is not None and not spec.strip():
        raise UsageError(f"{flag} is empty: name a player (human, random, alphabeta:4, ...)")
    return spec


EXTRA_SEATS: Final = range(2, 6)
"""The seats after the first two that the command line names (``--player2`` ...)."""


def seat_flags(metavar: str | None = None) -> tuple[Flag, ...]:
    """``--player2`` to ``--player5``: the sides of a game of more than two players."""
    return tuple(
        flag(
            f"--player{seat}",
            help=f"the side of player {seat}, in a game of {seat + 1} players or more",
            note="the game's computer",
            metavar=metavar,  # None: argparse's own
        )
        for seat in EXTRA_SEATS
    )


def seat_specs(args: argparse.Namespace, info: GameInfo, board: ABoardModel) -> list[str]:
    """The spec of each seat of ``board``, as ``args`` name them: ``--player0`` and
    ``--player1``, then the later seats up to the board's players; the game's computer
    (:func:`default_spec`) for a seat not named. Refuses an empty spec, and a seat the
    game has not (:func:`~oogames.game.settings.later_seats`)."""
    computer = default_spec(info, board)
    first = given_player(args.player0, "--player0") or computer
    second = given_player(args.player1, "--player1") or computer
    later = {
        seat: text
        for seat in EXTRA_SEATS
        if (text := given_player(getattr(args, f"player{seat}", None), f"--player{seat}"))
    }
    return [first, second, *later_seats(later, computer, info, board, lambda n: f"--player{n}")]


def two_who_alternate(info: GameInfo, board: ABoardModel, what: str) -> None:
    """Refuse ``board`` for a command (``what``) that knows only two players who take turns.

    Raises:
        UsageError: The game has more players, or chance.
    """
    if board.players != 2 or not board.alternates:
        why = f"has {board.players} players" if board.players != 2 else "has chance"
        raise UsageError(
            f"{info.name} {why}: {what} two players who take turns so far "
            "(play it with oogames demo or oogames play)"
        )


def default_spec(info: GameInfo, board: ABoardModel) -> str:
    """The computer player where none is named (:func:`~oogames.game.settings.default_player`)."""
    return str(default_player(info, board))


def position_of(info: GameInfo, args: argparse.Namespace, moves: str) -> ABoardModel:
    """The board of ``info`` with the options of ``args`` after ``moves`` (notation)."""
    _, given = game_options(args)
    return info.board.from_moves(moves, **given) if moves.strip() else info.make(**given)


def rich_classes() -> tuple[type, type] | None:
    """rich's Console and Progress classes (the optional extra "teach"), or None."""
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        return None
    return Console, Progress


_moved = moved_names(
    __name__, {"describe_move": "oogames.cli.demo", "read_sizes": "oogames.cli.match"}
)


def __getattr__(name: str) -> object:
    """A helper that moved to the one subcommand that uses it (see ``oogames._moved``)."""
    return _moved(name)
