"""Games and strategies from outside the package: ``MODULE:CLASS``, ``FILE.py:CLASS``, entry points.

Wherever a game name is accepted, ``MODULE:CLASS`` names a board class (a
subclass of :class:`~oogames.ABoardModel`) in a module on the Python path, and
``PATH.py:CLASS`` one in a file; wherever a strategy name is accepted, the
same forms name a strategy (an :class:`~oogames.INextMoveStrategy` subclass,
an accumulator factory, or a function that returns a strategy), followed by
``:DEPTH`` and ``@SECONDS`` where it takes them. Installed packages add games
and strategies by name through the entry-point groups ``oogames.games`` and
``oogames.strategies``.

A class that does not fit gets one line saying what is missing
(:class:`~oogames.errors.PluginError`); an exception raised by the user's own
module while it loads is :class:`~oogames.errors.PluginCodeError`, which
carries the traceback of the user's code for the command to show.

>>> from oogames.plugins import split_ref
>>> split_ref("mygames.py:Pebbles"), split_ref("bots:Greedy:3@0.5"), split_ref("alphabeta:4")
(('mygames.py', 'Pebbles', ''), ('bots', 'Greedy', ':3@0.5'), None)
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import re
import sys
import traceback
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType

from oogames.errors import PluginCodeError, PluginError, shown

GAME_GROUP = "oogames.games"
"""The entry-point group through which installed packages add games."""

STRATEGY_GROUP = "oogames.strategies"
"""The entry-point group through which installed packages add strategies."""

_REF = re.compile(
    r"^(?P<module>[^:@\s]+?):(?P<name>[A-Za-z_][A-Za-z0-9_.]*)(?P<rest>(?::[^:@]*)?(?:@.*)?)$"
)

_loaded_files: dict[Path, ModuleType] = {}

#: Where the code of every plug-in loaded so far lives (a module's file, a package's
#: folder), and how the user named that code (the file or the module of the reference):
#: what :func:`blame` and :func:`ref_of` look for.
_plugin_places: dict[str, str] = {}


def split_ref(text: str) -> tuple[str, str, str] | None:
    """``(module or file, attribute, the rest)`` if ``text`` names a plug-in, else None.

    The rest is what follows the name: ``":4"``, ``"@0.5"``, ``":4@0.5"`` or ``""``.
    A built-in strategy such as ``alphabeta:4`` is no plug-in (4 is no name).
    """
    found = _REF.match(text.strip())
    if found is None:
        return None
    return found.group("module"), found.group("name"), found.group("rest")


def is_ref(text: str) -> bool:
    """Whether ``text`` names a plug-in (``MODULE:NAME`` or ``FILE.py:NAME``)."""
    return split_ref(text) is not None


def user_traceback(error: BaseException) -> str:
    """The traceback of an exception raised in the user's code, without the frames of the
    import machinery and of this package; empty where none of the frames is the user's (a
    constructor called without an argument it requires fails in the call): the error's
    one line then says it all, and a traceback of no frame would only repeat it."""
    frames = traceback.extract_tb(error.__traceback__)
    own = (os.path.dirname(__file__), "<frozen importlib")
    kept = [frame for frame in frames if not frame.filename.startswith(own)]
    if not kept:
        return ""
    lines = ["Traceback (most recent call last):\n", *traceback.format_list(kept)]
    lines.extend(traceback.format_exception_only(type(error), error))
    return "".join(lines)


def _load_file(path_text: str, ref: str) -> ModuleType:
    path = Path(os.path.expanduser(path_text)).resolve()
    if path in _loaded_files:
        return _loaded_files[path]
    if not path.is_file():
        raise PluginError(f"{shown(ref)}: there is no file {path_text}")
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    stem = re.sub(r"\W", "_", path.stem)
    name = f"oogames_plugin_{stem}_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise PluginError(f"{shown(ref)}: {path_text} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # classes defined in it find their module (attrs, pickle)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as error:  # sys.exit() at import is the plug-in's too
        del sys.modules[name]
        raise PluginCodeError(
            f"{shown(ref)}: loading {path_text} raised {type(error).__name__}: {error}",
            user_traceback(error),
        ) from None
    _loaded_files[path] = module
    _remember(module, path_text)
    return module


def _remember(module: ModuleType | None, name: str) -> None:
    """Note where ``module``'s code lives, so that :func:`blame` knows it is the plug-in
    code the user named ``name`` (a file or a module)."""
    if module is None:
        return
    locations = getattr(module.__spec__, "submodule_search_locations", None)
    own = os.path.realpath(os.path.dirname(__file__))
    for place in [*(locations or ()), getattr(module, "__file__", None)]:
        if place and not _inside(os.path.realpath(place), own):  # oogames' own is no plug-in
            _plugin_places.setdefault(os.path.realpath(place), name)


def blame(error: BaseException) -> PluginCodeError | None:
    """The plug-in whose code raised ``error`` (any exception, or ``sys.exit()``) as one
    :class:`PluginCodeError` carrying the user's traceback, or None if no plug-in's code
    is on its traceback (then it is not the plug-in's fault, as far as can be told).

    The message names the plug-in (its file or module, and the class whose method was
    running), the function of its code that was running (the outermost of its frames:
    what oogames called), and what happened.
    """
    tb = error.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        name = _place_of(frame.f_code.co_filename)
        if name is not None:
            owner = frame.f_locals.get("self")
            ref = name if owner is None else f"{name}:{type(owner).__name__}"
            if isinstance(error, SystemExit):
                what = f"called sys.exit({error.code!r})"
            else:
                what = f"raised {type(error).__name__}: {error}"
            return PluginCodeError(
                f"{shown(ref)}: its {frame.f_code.co_name} {what}", user_traceback(error)
            )
        tb = tb.tb_next
    return None


def ref_of(thing: object) -> str | None:
    """How the user named the plug-in whose code defines ``thing``'s class
    (``FILE.py:CLASS`` or ``MODULE:CLASS``), if any."""
    module = sys.modules.get(type(thing).__module__)
    path = getattr(module, "__file__", None)
    name = _place_of(path) if path else None
    return None if name is None else f"{name}:{type(thing).__name__}"


def _place_of(filename: str) -> str | None:
    """How the user named the plug-in code in ``filename``, if it is a plug-in's."""
    path = os.path.realpath(filename)
    return next((name for place, name in _plugin_places.items() if _inside(path, place)), None)


def _inside(path: str, place: str) -> bool:
    return path == place or path.startswith(place.rstrip(os.sep) + os.sep)


def _load_module(module_name: str, ref: str) -> ModuleType:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and module_name.startswith(error.name):
            raise PluginError(
                f"{shown(ref)}: there is no module {module_name} on the Python path "
                "(a file is named with its .py: FILE.py:CLASS)"
            ) from None
        raise PluginCodeError(
            f"{shown(ref)}: importing {module_name} raised ModuleNotFoundError: {error}",
            user_traceback(error),
        ) from None
    except (Exception, SystemExit) as error:  # sys.exit() at import is the plug-in's too
        raise PluginCodeError(
            f"{shown(ref)}: importing {module_name} raised {type(error).__name__}: {error}",
            user_traceback(error),
        ) from None
    _remember(module, module_name)
    return module


def load_object(ref: str) -> object:
    """The object ``MODULE:NAME`` or ``FILE.py:NAME`` names (NAME may be dotted).

    Raises:
        PluginError: No such module, file or name.
        PluginCodeError: The user's module raised while it loaded.
    """
    parts = split_ref(ref)
    if parts is None:
        raise PluginError(f"{shown(ref)} is not MODULE:NAME or FILE.py:NAME")
    module_text, name, _ = parts
    if module_text.endswith(".py"):
        module = _load_file(module_text, ref)
    else:
        module = _load_module(module_text, ref)
    found: object = module
    for part in name.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise PluginError(f"{shown(ref)}: {module_text} has no {name}") from None
    return found


def accepted_keywords(target: Callable[..., object]) -> set[str]:
    """The keyword arguments ``target`` takes (every name, if it takes ``**kwargs``)."""
    try:
        parameters = inspect.signature(target).parameters.values()
    except (TypeError, ValueError):
        return set()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return {"*"}
    return {
        p.name
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }


def _entry_points(group: str) -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=group)}


def entry_point_games() -> dict[str, EntryPoint]:
    """The games installed packages add (entry points of ``oogames.games``), by name."""
    return _entry_points(GAME_GROUP)


def entry_point_strategies() -> dict[str, EntryPoint]:
    """The strategies installed packages add (entry points of ``oogames.strategies``)."""
    return _entry_points(STRATEGY_GROUP)


def origin_of(point: EntryPoint) -> str:
    """Where an entry point comes from: ``"package NAME (module:attr)"``."""
    if point.dist is None:
        return f"an installed package ({point.value})"
    return f"package {point.dist.name} ({point.value})"


def load_entry_point(point: EntryPoint) -> object:
    """The object an entry point names (its package's code runs).

    Raises:
        PluginCodeError: The package's module raised while it loaded.
    """
    try:
        found = point.load()
    except (Exception, SystemExit) as error:  # sys.exit() at import is the package's too
        raise PluginCodeError(
            f"the {point.group} entry point {point.name!r} ({point.value}) raised "
            f"{type(error).__name__}: {error}",
            user_traceback(error),
        ) from None
    _remember(sys.modules.get(point.module), point.module)
    return found
