"""A game declared once: :class:`GameInfo`, written beside each board (``GAME`` in its
module) and read by the command line, the views, the tournaments and the plug-ins.

Its options are the board's own declaration (:attr:`ABoardModel.OPTIONS
<oogames.board.model.ABoardModel.OPTIONS>`); for a plug-in board that declares
none, they are read from the constructor's signature (:func:`declared_options`).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import attrs

from oogames import plugins
from oogames.board.model import ABoardModel
from oogames.board.options import Option
from oogames.errors import BoardOptionError, PluginCodeError, PluginError, shown


def declared_options(board: type[ABoardModel]) -> tuple[Option, ...]:
    """The options of a board class: its ``OPTIONS``, or else one for each keyword
    parameter of its constructor (kind from the default or the annotation).

    ``OPTIONS`` declares the constructor of the class that declares it: a subclass
    that writes a constructor of its own (a plug-in's ``BigNim(NimBoard)`` with a
    ``bonus``) has its options read from that constructor, unless it declares them.
    """
    declaring = next(cls for cls in board.__mro__ if "OPTIONS" in vars(cls))
    if board.OPTIONS and _constructor(declaring) is _constructor(board):
        return board.OPTIONS
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    annotations = _annotations(board)
    return tuple(
        Option.from_parameter(parameter, annotations.get(name))
        for name, parameter in inspect.signature(board).parameters.items()
        if parameter.kind in kinds
    )


def _constructor(board: type) -> object:
    """The ``__init__`` that ``board(...)`` runs: the first one along its MRO."""
    return next(vars(cls)["__init__"] for cls in board.__mro__ if "__init__" in vars(cls))


def _annotations(board: type[ABoardModel]) -> dict[str, object]:
    """The constructor's annotations of ``board`` (as objects where they resolve, else text)."""
    try:
        return typing.get_type_hints(board.__init__)
    except Exception:  # unresolvable text annotations: read them as written
        return {
            name: parameter.annotation
            for name, parameter in inspect.signature(board).parameters.items()
            if parameter.annotation is not inspect.Parameter.empty
        }


def _never(board: ABoardModel) -> bool:
    return False


@attrs.frozen
class GameInfo:
    """What the command line, the views and the tools know about one game.

    Args:
        name: The game's name on the command line.
        board: The board class; ``board(**options)`` is the starting position.
        evaluate: The default evaluation ``evaluate(board, player)`` for depth-limited search.
        summary: One line about the game.
        solvable: Whether a full search from a start ends in about a second
            (then ``alphabeta`` needs no depth limit).
        origin: Where the game comes from: ``"built in"``, a plug-in's
            ``MODULE:CLASS``, or an installed package (an entry point).
        computer: The computer player where none is named (a strategy spec), for a game
            whose searches differ from the two-player default (Pig: ``expectimax``);
            None: the default of every game.

    Attributes:
        declared: The board's options (:func:`declared_options`), in the order of
            its constructor.
    """

    name: str
    board: type[ABoardModel]
    evaluate: Callable[[Any, int], float]
    summary: str
    solvable: Callable[[ABoardModel], bool] = _never
    origin: str = "built in"
    computer: str | None = None
    declared: tuple[Option, ...] = attrs.field(init=False)

    @declared.default
    def _declared(self) -> tuple[Option, ...]:
        return declared_options(self.board)

    @property
    def options(self) -> tuple[str, ...]:
        """The names of the board's options (``("rows", "cols", "k")``)."""
        return tuple(option.name for option in self.declared)

    def option(self, name: str) -> Option:
        """The option called ``name``.

        Raises:
            BoardOptionError: This game takes no option of that name.
        """
        for option in self.declared:
            if option.name == name:
                return option
        takes = ", ".join(self.options) or "no options"
        raise BoardOptionError(f"{self.name} does not take {shown(name)}; it takes {takes}")

    def too_big(self, board: ABoardModel) -> bool:
        """Whether a search to the end of the game is known to take far too long on
        ``board``: a built-in game's board that is not ``solvable``. A plug-in game's
        size is its author's to judge (False), though its default player has a clock."""
        return not self.is_plugin and not self.solvable(board)

    @property
    def is_plugin(self) -> bool:
        """Whether the game's code comes from outside the package."""
        return self.origin != "built in"

    def make(self, **options: object) -> ABoardModel:
        """A board of this game with ``options`` (None values are left at their defaults).

        Raises:
            BoardOptionError: An option the constructor does not take, or a bad value
                (its ``option`` names it).
            PluginCodeError: A plug-in board's constructor raised (or called
                ``sys.exit``), or needs arguments it was not given.
        """
        accepted = inspect.signature(self.board).parameters
        unknown = [name for name in options if name not in accepted]
        if unknown:  # the constructor may take more than it declares (Othello's position)
            self.option(unknown[0])
        given = {name: value for name, value in options.items() if value is not None}
        try:
            return self.board(**given)
        except BoardOptionError as error:
            if error.option is None or error.option in given:
                raise
            # A default that the options given leave out of range: the user never wrote it.
            why = f"{error.problem} (the default; give one that fits)"
            raise BoardOptionError(why, option=error.option) from None
        except (Exception, SystemExit) as error:
            if not self.is_plugin:
                raise
            raise PluginCodeError(
                f"{shown(self.name)}: its board's constructor raised "
                f"{type(error).__name__}: {error}",
                plugins.user_traceback(error),
            ) from None

    def default_options(self) -> dict[str, object]:
        """The options of the default board, by name (``{"rows": 3, "cols": 3, "k": 3}``)."""
        return {
            option.name: option.default for option in self.declared if option.default is not None
        }

    def options_text(self, options: dict[str, object] | None = None) -> str:
        """Options written as the settings screen shows them: ``rows=3 cols=3 k=3``
        (``options`` over the defaults; a list of heaps as ``3,4,5``, a switch as
        ``true``/``false``)."""
        values = {**self.default_options(), **(options or {})}
        return " ".join(
            f"{option.name}={option.write(values[option.name])}"
            for option in self.declared
            if option.name in values
        )

    def seats(self, options: str = "") -> int:
        """How many players a board of this game has with ``options`` (written as
        :meth:`options_text` writes them): the seats a view offers.

        Raises:
            BoardOptionError: The options do not read, or a board refuses them.
        """
        return self.make(**self.read_options(options)).players

    def read_options(self, text: str) -> dict[str, object]:
        """Read ``name=value`` words (as :meth:`options_text` writes them) into options.

        Raises:
            BoardOptionError: A word that is not ``name=value``, an option this
                game does not take, or a value of the wrong kind.
        """
        return self.read_option_words(text.split())

    def read_option_words(self, words: list[str]) -> dict[str, object]:
        """Read ``name=value`` words (``--opt`` on the command line): see :meth:`read_options`.

        Raises:
            BoardOptionError: A bad word, an unknown option, a value of the wrong kind, or
                an option given twice (the later one was taken, without a word).
        """
        options: dict[str, object] = {}
        for word in words:
            name, equals, value = word.partition("=")
            if not equals or not name:
                raise BoardOptionError(f"write each option as name=value, not {shown(word)}")
            if name in options:
                raise BoardOptionError(f"{name} is given twice: give each option once")
            options[name] = self.option(name).read(value)
        return options


def plugin_info(name: str, board: Any, origin: str) -> GameInfo:
    """The :class:`GameInfo` of a plug-in board class, checked against the contract.

    Raises:
        PluginError: ``board`` is not a board class, or does not write the rules.
    """
    if not (isinstance(board, type) and issubclass(board, ABoardModel)):
        what = (
            type(board).__name__ if not isinstance(board, type) else f"the class {board.__name__}"
        )
        raise PluginError(
            f"{shown(name)} is {what}, not a board: a game is a subclass of oogames.ABoardModel"
        )
    missing = board.unwritten_rules()
    if missing:
        raise PluginError(
            f"{shown(name)} does not write {', '.join(missing)} (see the tutorial's board)"
        )
    summary = (inspect.getdoc(board) or board.__name__).split("\n")[0]
    return GameInfo(name, board, _board_evaluation, summary, origin=origin)


def _board_evaluation(board: ABoardModel, player: int) -> float:
    """A plug-in game's evaluation: its board's own ``evaluate(player)``."""
    return board.evaluate(player)
