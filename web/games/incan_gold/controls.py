"""The choice at hand: two large buttons, Torch (go on) and Camp (go home), built only from the
legal action texts. A button carries data-act="torch" or data-act="camp"; `action_for` turns a
click back into an action text, and only into a legal one.

Hotseat secrecy: the buttons never keep a highlight or a pressed state, and nothing here depends
on what anyone chose, so the next person sees the same screen whatever the previous one picked.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from .art import icon
from .path import artifact_lies, is_over, path_gems

T = Callable[..., str]
CHOICES = ("torch", "camp")      # the action texts, in the order the buttons stand


def action_for(act: Any, value: Any, legal: Sequence[str]) -> Optional[str]:
    """The action text a click stands for, if it is legal now; else None."""
    if act in CHOICES and act in legal:
        return act
    if act == "apply" and isinstance(value, str) and value in legal:
        return value
    return None


def _button(choice: str, t: T) -> str:
    word = t(f"ig.act.{choice}")
    return (f'<button type="button" class="ig-act ig-act-{choice}" data-act="{choice}">'
            f'{icon(choice, word, 34)}<span class="ig-act-word">{word}'
            f'<small>{t(f"ig.act.{choice}_hint")}</small></span></button>')


def controls_html(view: dict, t: T, legal: Sequence[str], *, deciding: Optional[int]) -> str:
    """The prompt and the buttons for the person deciding on this screen; else who is awaited."""
    offered = [c for c in CHOICES if c in legal]
    if is_over(view):
        return f'<div class="ig-decision ig-over"><p class="question">{t("ig.prompt.over")}</p></div>'
    if not offered or deciding is None:
        waiting = view.get("waiting")
        if not isinstance(waiting, list):
            waiting = [i for i, p in enumerate(view.get("players", ()))
                       if p.get("in_temple") and not p.get("chosen")]
        words = t("ig.prompt.waiting", {"seats": waiting, "n": len(waiting)}) if waiting else ""
        return f'<div class="ig-decision ig-waiting" aria-live="polite"><p class="question">{words}</p></div>'
    me = view["players"][deciding]
    carry = int(me.get("round_gems") or 0)
    lying = path_gems(view)
    arts = sum(1 for c in view.get("path", ()) if artifact_lies(c))
    context = t("ig.prompt.context", {"n": carry, "path": lying, "artifacts": arts})
    return (f'<div class="ig-decision" data-kind="choose"><p class="question">'
            f'{t("ig.prompt.choose", {"seat": deciding})}</p><p class="ig-context">{context}</p>'
            f'<div class="ig-acts">{"".join(_button(c, t) for c in offered)}</div></div>')
