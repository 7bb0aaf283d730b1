"""A game's history: seed + options + actions. Saves, undo, replay and statistics all use this.

Every engine here is deterministic under its seed, so a game is fully described by how it was set
up and what was chosen. This module holds the save envelope (game id, format and rules versions,
seed, options, actions), reads it defensively, and replays it in linear time:

    replay(start, actions)              -> the final game (save loading, undo)
    positions(start, actions)           -> the game after 0, 1, ... actions (a lazy sequence)

`start` is a function of no arguments that sets up the game anew (seed and options bound in).
Each game keeps its own `load_game` (its options and messages); the shared checks are here.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, TypeVar, Union

from . import jsonbound
from .errors import IllegalAction, SaveError, Worded, quote, short
from .protocol import Game

G = TypeVar("G", bound=Game)

MAX_SEED = 2**63
# A save is at most this big as JSON text. The page keeps every game in localStorage (about 5 MB
# in all), and a game the rules allow stays far below this (each engine bounds its game's length).
MAX_SAVE_CHARS = 3_000_000
MAX_SAVE_DEPTH = 8          # save -> options -> names -> name: 4 levels; a little room to spare


def replay(start: Callable[[], G], actions: Sequence[str],
           error: type[Exception] = SaveError,
           after: Optional[Callable[[G, str], None]] = None) -> G:
    """The game after `actions` from `start()`; an illegal one raises `error` naming its number.

    `after(game, text)`, when given, is called after each action is applied (statistics)."""
    game = start()
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise _worded(error, f"action {i + 1} is not text", "shell.save.action_not_text",
                          {"n": i + 1})
        try:
            game.apply(text)
        except IllegalAction as exc:
            params: dict[str, Any] = {"n": i + 1, "action": quote(text, 30)[1:-1]}
            if getattr(exc, "msg_id", None):   # the rule's own reason, worded by the page
                params["why"] = [exc.msg_id, exc.params]
            raise _worded(error, short(f"action {i + 1} ({quote(text)}) is not legal: {exc}"),
                          "shell.save.illegal_action", params) from None
        if after is not None:
            after(game, text)
    return game


def _worded(error: type[Exception], message: str, msg_id: str, params: dict) -> Exception:
    """`error(message)`, with the catalogue id and parameters if it is a `Worded` error."""
    return error(message, msg_id, params) if issubclass(error, Worded) else error(message)


CHECKPOINT_EVERY = 50      # actions between two kept copies of a replay (see Positions)


class Positions(Sequence[G]):
    """The game after 0, 1, ..., len(actions) actions, built on demand in linear time and memory.

    One game (the runner) is played forward once, only as far as anyone has asked. Every `every`
    actions a light copy of it is kept (a checkpoint: `light(game)`, a copy without the records
    that grow with the game, such as its log), and after each action `mark(runner)` is kept (a
    few numbers, such as the log's length). Position k is then the checkpoint at or before k,
    copied, played forward at most `every - 1` actions and given its records back by
    `dress(copy, runner, k, mark)`: a position costs at most `every` actions and one copy of
    its own records, never a copy of the whole log per action.

    Without hooks `light` is `clone()` and `dress` does nothing: correct for any game, but each
    checkpoint then holds the records, so a game whose copies grow should pass its hooks.
    `final`, when given, is the game after every action (a copy is returned for the last
    position without playing anything). Each position returned is an independent copy.
    """

    def __init__(self, start: Callable[[], G], actions: Sequence[str], *,
                 light: Optional[Callable[[G], G]] = None,
                 dress: Optional[Callable[[G, G, int, Any], None]] = None,
                 mark: Optional[Callable[[G], Any]] = None,
                 final: Optional[G] = None, every: int = CHECKPOINT_EVERY) -> None:
        self.actions = list(actions)
        self._light = light or (lambda g: g.clone())
        self._dress = dress
        self._mark = mark or (lambda g: None)
        self._final = final
        self._every = max(1, every)
        self._start = start
        self.runner = start()              # played forward as far as asked (runner: step done)
        self._marks = [self._mark(self.runner)]
        self._checkpoints = [self._light(self.runner)]

    def __len__(self) -> int:
        return len(self.actions) + 1

    @property
    def done(self) -> int:
        """How many actions the runner has played (positions up to this one are cheap)."""
        return len(self._marks) - 1

    def extend(self, k: int) -> None:
        """Play the runner forward to position k (at most the last)."""
        k = min(k, len(self.actions))
        runner, every = self.runner, self._every
        while self.done < k:
            runner.apply(self.actions[self.done])
            self._marks.append(self._mark(runner))
            if self.done % every == 0:
                self._checkpoints.append(self._light(runner))

    def mark(self, k: int) -> Any:
        """What `mark` returned for position k (the runner is played to k if need be)."""
        k = self._index(k)
        self.extend(k)
        return self._marks[k]

    def _index(self, k: int) -> int:
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("a position is a whole number")
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("no such position")
        return k

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        k = self._index(k)
        if k == len(self.actions) and self._final is not None:
            return self._final.clone()
        self.extend(k)
        base = k // self._every
        game = self._light(self._checkpoints[base])
        for text in self.actions[base * self._every:k]:
            game.apply(text)
        if self._dress is not None:
            self._dress(game, self.runner, k, self._marks[k])
        return game

    def __iter__(self) -> Iterator[G]:
        """Every position in order, each a `clone()` of one game played forward (a whole walk
        costs one replay and a copy per position, as `list(positions)` always did)."""
        game = self._start()
        yield game.clone()
        for text in self.actions:
            game.apply(text)
            yield game.clone()


def positions(start: Callable[[], G], actions: Sequence[str], **hooks: Any) -> Positions[G]:
    """The game after 0, 1, ..., len(actions) actions: a lazy `Positions` sequence (see there
    for the `hooks`: light, dress, mark, final, every)."""
    return Positions(start, actions, **hooks)


def envelope(game_id: str, save_format: str, format_version: int, rules_version: str,
             seed: int, options: Mapping[str, Any], actions: Sequence[str]) -> dict[str, Any]:
    """A save as a JSON-able dict."""
    return {
        "game": game_id,
        "format": save_format,
        "format_version": format_version,
        "rules_version": rules_version,
        "seed": seed,
        "options": dict(options),
        "actions": list(actions),
    }


def read_envelope(save: Union[str, bytes, Mapping[str, Any]], *, game_id: str, title: str,
                  save_format: str, format_version: int, rules_version: str,
                  readable_rules: frozenset[str], max_actions: int) -> tuple[int, dict, list]:
    """Check a save's envelope; return (seed, options dict, actions). Raises SaveError.

    `title` names the game in messages ("a Princes of Machu Picchu save"). A save without a
    "game" field is accepted when its "format" matches (saves made before games had ids)."""
    if isinstance(save, (str, bytes)):
        try:
            save = jsonbound.loads(save, max_bytes=MAX_SAVE_CHARS, max_depth=MAX_SAVE_DEPTH)
        except jsonbound.JSONTooComplex as exc:
            raise SaveError(f"the save is {exc}", "shell.save.too_complex") from None
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
            raise SaveError(f"the save is not valid JSON ({type(exc).__name__})",
                            "shell.save.not_json") from None
    if not isinstance(save, Mapping):
        raise SaveError("the save is not a JSON object", "shell.save.not_json")
    if save.get("format") != save_format or save.get("game", game_id) != game_id:
        raise SaveError(f"this is not {title} save", "shell.save.other_game")
    version = save.get("format_version")
    if type(version) is not int or version != format_version:
        raise SaveError(f"unknown save format version {quote(version)} "
                        f"(this game reads version {format_version})", "shell.save.version",
                        {"found": quote(version, 20), "wanted": format_version})
    rules = save.get("rules_version")
    if "rules_version" not in save:
        raise SaveError(f"the save has no rules version; this game plays rules version "
                        f"\"{rules_version}\"", "shell.save.no_rules", {"wanted": rules_version})
    if not isinstance(rules, str):
        kind = _json_kind(rules)
        if isinstance(rules, bool):
            shown = "true" if rules else "false"
        elif isinstance(rules, (int, float)):
            shown = f"{quote(rules, 20)} ({kind})"
        else:
            shown = kind
        raise SaveError(f"the save's rules version is {shown}, not a version name; "
                        f"this game plays rules version \"{rules_version}\"", "shell.save.no_rules",
                        {"wanted": rules_version})
    if rules not in readable_rules:
        raise SaveError(f"the save was made under rules version \"{quote(rules, 20)[1:-1]}\"; "
                        f"this game plays rules version \"{rules_version}\" and cannot read it",
                        "shell.save.rules", {"found": quote(rules, 20)[1:-1], "wanted": rules_version})
    seed = save.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise SaveError("the save's seed is missing or not a whole number", "shell.save.seed")
    options = save.get("options")
    if not isinstance(options, Mapping):
        raise SaveError("the save's options are missing", "shell.save.options")
    actions = save.get("actions")
    if not isinstance(actions, list):
        raise SaveError("the save's action list is missing", "shell.save.actions")
    if len(actions) > max_actions:
        raise SaveError(f"the save's action list is too long ({len(actions):,} actions; "
                        f"a game of these rules has at most {max_actions:,})", "shell.save.too_long",
                        {"n": len(actions), "most": max_actions})
    return seed, dict(options), actions


def _json_kind(value: Any) -> str:
    """What kind of JSON value `value` is, in words ("a number", "true or false", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"


def check_seed(seed: Optional[int]) -> int:
    """A seed given by a caller: None picks one; else a whole number in [0, 2**63)."""
    if seed is None:
        import random
        return random.SystemRandom().randrange(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise ValueError("seed: a whole number from 0 to 2**63 - 1")
    return seed
