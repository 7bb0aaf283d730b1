"""What each district does, in a line: the words of the city map's tooltips (catalogue entries
"mp.dhelp.<district>", their numbers from the rules data)."""

from __future__ import annotations

from machu_picchu import data as D

from .words import Html, count, join, t

# The catalogue's key of each profession, in the rules' order (D.PROFESSIONS)
_PROFS = D.PROFESSIONS
# Day 9: no night follows, so the Sun Clock pays at once (the Inca stays there to the end).
LAST_DAY_HELP = frozenset({"sunclock"})


def profession_plural(p: int) -> Html:
    """'Farmers', ... for profession index p."""
    return t("mp.profs." + _PROFS[p])


def _hire_text(district: int) -> Html:
    jobs = [p for p in range(5) if D.SETUP_DISTRICT[p] == district]
    return t("mp.dhelp.hire", jobs=Html(str(t("mp.hint.sep")).join(
        t("mp.dhelp.job", prof=t("mp.prof." + _PROFS[p]),
          cost=join([count(k, D.GOODS[g]) for g, k in D.SETUP_COST[p]]))
        for p in jobs)))


def district_help(d: str, last_day: bool = False) -> Html:
    """District d's line of help (escaped HTML); on the last day, what changes then."""
    if d in ("corn", "llama", "coca", "pottery", "cloth"):
        return t("mp.dhelp." + d, corn=D.FARMER_CORN)
    if d in ("condor", "puma", "sun", "main"):
        return t("mp.dhelp." + d, steps=D.STEPS_PER_STONE, main=D.MAIN_TEMPLE_STEPS)
    if d == "hut":
        return _hire_text(D.D_HUT)
    if d == "palace":
        return _hire_text(D.D_PALACE)
    if d == "sunclock":
        return t("mp.dhelp.sunclock_last" if last_day else "mp.dhelp.sunclock",
                 goods=D.SUNCLOCK_GOODS, steps=D.SUNCLOCK_STEPS, day=D.LAST_DAY)
    return t("mp.dhelp." + d)
