"""Machu Picchu's page words from the catalogue (web/games/machu_picchu/locales/<lang>/*.json, ids
"mp.*"): `t(id, **params)` gives escaped HTML (safe in text and in attributes), plural entries
chosen by the parameter "n" (tabletop.events.plural_form). A translation is a new catalogue
file; no sentence is built in code.

The words are those the shell hands a hook: `ctx.words`, or `words` for the hooks handed no
ctx (hint_words, help_html, preview_html). Each hook is wrapped in `with_words` (or runs its body
`with speaking(words)`), which makes them the words of every view it calls while it runs. A
view function called by itself (the view tests) speaks the page's words.
"""

from __future__ import annotations

from html import escape
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

from kit import words as kit_words
from kit.markup import Html
from tabletop.events import keyed

F = TypeVar("F", bound=Callable[..., Any])
_speaking: list[Any] = []        # the words of the hooks running now, innermost last


def with_words(hook: F) -> F:
    """`hook`, speaking the words of the ctx it is handed (its parameter named "ctx")."""
    index = hook.__code__.co_varnames.index("ctx")

    def run(*args: Any, **kwargs: Any) -> Any:
        ctx = kwargs["ctx"] if "ctx" in kwargs else args[index] if index < len(args) else None
        said = getattr(ctx, "words", None)
        if said is None:
            return hook(*args, **kwargs)
        _speaking.append(said)
        try:
            return hook(*args, **kwargs)
        finally:
            _speaking.pop()

    run.__name__, run.__doc__, run.__wrapped__ = hook.__name__, hook.__doc__, hook  # type: ignore[attr-defined]
    return run  # type: ignore[return-value]


@contextmanager
def speaking(said: Any) -> Iterator[None]:
    """The views called inside speak `said` (the words a hook was handed)."""
    _speaking.append(said)
    try:
        yield
    finally:
        _speaking.pop()


def words() -> Any:
    """The words of the hook running now (`with_words`); a hook handed no ctx: the page's."""
    if _speaking:
        return _speaking[-1]
    return kit_words.page_words()


NAMES_WITH_FORMS = "mp.district."    # a district's name keeps its id: "{district:mp.district.*.to}"


def t(msg_id: str, **params: Any) -> str:
    """The message `msg_id` with `params`, as escaped HTML (a district's name with its id
    beside it, so that a template words the form its language needs: tabletop.events.Counted)."""
    said = words().t(msg_id, params)
    if msg_id.startswith(NAMES_WITH_FORMS) and msg_id.count(".") == 2:
        return keyed(said, msg_id[len(NAMES_WITH_FORMS):])
    return said


def count(n: int, noun: str) -> str:
    """'1 llama', '2 llamas', '3 corn', '1 Inca': the catalogue's "mp.n.<noun>" entry."""
    return t("mp.n." + noun, n=n)


def good_name(good: str) -> str:
    """A good's name on its own ("llama", "corn"), as escaped HTML."""
    return t("mp.good." + good)


def card_name(card: str) -> Html:
    """'coca-puma' -> 'coca + puma' (a sacrifice card by its two icons)."""
    a, _, b = str(card).partition("-")
    return t("mp.card", a=a, b=b)


def join(parts: list, sep_id: str = "mp.hint.list_sep") -> Html:
    """'a, b and c' from escaped parts."""
    parts = [str(p) for p in parts]
    if len(parts) <= 2:
        return Html(f" {t('mp.list.and')} ".join(parts))
    return Html(str(t(sep_id)).join(parts[:-1]) + f" {t('mp.list.and')} " + parts[-1])


def goods_names(goods: list) -> Html:
    """['corn', 'llama'] -> '3 corn and llama' (corn is given by threes)."""
    return join([t("mp.tile.corn_goods") if g == "corn" else good_name(g) for g in goods])


def hint_text(reason: Any, who: str = "you") -> Html:
    """A bot's structured reason (machu_picchu.bots.reasons.why: [kind, params], nested) in the
    player's words, capitalised: addressed to the player (`who` "you": "sell 1 llama first: it
    pays 5 corn", "your cards show ...") or about a bot ("bot": "its cards show ...", the log's
    "why:" lines). A searching bot's figures (params["search"], `bot_reason`) follow as a
    sentence of their own."""
    params = reason[1] if _is_reason(reason) else {}
    search = params.get("search")
    parts = [] if params and reason[0] == "searched" else [str(_reason(reason, who))]
    parts = [p[:1].upper() + p[1:] + ("" if p.endswith((".", "!", "?")) else ".") for p in parts]
    if isinstance(search, dict) and isinstance(search.get("games"), int):
        ahead = search.get("ahead")
        rate = search.get("rate")
        parts.append(str(t("mp.hint.search", games=count(search["games"], "game"),
                           ahead=t("mp.hint.search.ahead", n=ahead) if ahead else Html(""),
                           rate=round(100 * rate) if isinstance(rate, (int, float)) else "?")))
    return Html(" ".join(parts) or str(t("mp.hint.other", action="")))


def _is_reason(reason: Any) -> bool:
    return (isinstance(reason, (list, tuple)) and len(reason) == 2 and isinstance(reason[0], str)
            and isinstance(reason[1], dict))


def _reason(reason: Any, who: str = "you") -> Html:
    if not _is_reason(reason):
        return t("mp.hint.other", action=str(reason)[:80])
    kind, params = reason
    person = {"your": t(f"mp.who.{who}.your"), "you": t(f"mp.who.{who}.you")}   # "its", "it"
    v: dict[str, Any] = dict(person)
    for key, value in params.items():
        if key.endswith("why"):
            v[key] = _reason(value, who)
        elif key == "parts":
            parts = [_reason(x, who) for x in value if isinstance(x, (list, tuple))]
            v[key] = (join(parts) if kind in ("trades", "hire")
                      else Html(str(t("mp.hint.sep")).join(parts)))
        elif key in ("district", "row", "prof", "icon", "tile") and isinstance(value, str):
            v[key] = t(f"mp.{key}.{value}")
        elif key == "goods" and isinstance(value, list):
            v[key] = goods_names(value)
        elif key == "cards" and isinstance(value, list):
            v[key] = join([card_name(c) for c in value])
        elif key == "good" and isinstance(value, str):
            v[key] = good_name(value)
            v["goods_word"] = t("mp.goods." + value)
        else:
            v[key] = value
    n, good = params.get("n"), params.get("good")
    if isinstance(n, int):
        if isinstance(good, str):
            v["amount"] = count(n, good)
        v["llamas"] = count(n, "llama")
        if kind != "farmers":
            v["corn"] = count(n, "corn")
    target = params.get("target")
    v["target"] = t("mp.hint.target", row=t(f"mp.row.{target}")) if isinstance(target, str) else ""
    if kind == "offer":
        v["late"] = t("mp.hint.offer.late" if params.get("late") else "mp.hint.offer.spare", **person)
    elif kind == "sunclock":
        v["when"] = t("mp.hint.sunclock.at_once" if params.get("last_day") else "mp.hint.sunclock.tonight")
        v["scores_nothing"] = t("mp.hint.sunclock.scores_nothing", **person) if params.get("scores_nothing") else ""
    elif kind == "stay":
        v["ends_day"] = (t("mp.hint.stay.ends_last_day" if params.get("last_day") else "mp.hint.stay.ends_day", **person)
                         if params.get("ends_day") else "")
    elif kind == "ending":
        v["end"] = t(f"mp.hint.ending.{params.get('end')}")
        v["result"] = t("mp.hint.ending.win" if params.get("win") else "mp.hint.ending.lose",
                        **person)
    elif kind == "trades":
        if params.get("for_row"):
            v["plan_for"] = t("mp.hint.trades.row", row=t(f"mp.row.{params['for_row']}"))
        elif params.get("for_prof"):
            v["plan_for"] = t("mp.hint.trades.prof", prof=t(f"mp.prof.{params['for_prof']}"))
        else:
            v["plan_for"] = t("mp.hint.trades.llamas", **person)
    return words().t("mp.hint." + kind, v)   # Html values as they are (a district keeps its id)


def event_html(event: Any, names: Any = ()) -> Html:
    """A log event ([id, params], machu_picchu.events) in the player's words, escaped HTML,
    every seat's name isolated (<bdi>); anything else shown as a visible "[...]"."""
    from machu_picchu.events import word_params
    if not (isinstance(event, (list, tuple)) and len(event) >= 2 and isinstance(event[0], str)
            and isinstance(event[1], dict)):
        return Html(f"[{escape(str(event)[:40])}]")
    params = word_params(event[1], lambda msg_id, p: t(msg_id, **p), join)
    return words().with_names(list(names)).t(event[0], params)
