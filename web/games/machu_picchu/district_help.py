"""What each district does, in a line: the words of the city map's tooltips."""

from __future__ import annotations

from machu_picchu import data as D


def _hire_text(district: int) -> str:
    jobs = [p for p in range(5) if D.SETUP_DISTRICT[p] == district]
    return "Hire up to one of each: " + "; ".join(
        f"{D.PROFESSION_NAMES[p]} ({' + '.join(f'{k} {D.GOODS[g]}' for g, k in D.SETUP_COST[p])})"
        for p in jobs) + "."


_STONES = (f"Temple. Take the stones ({D.STEPS_PER_STONE} steps each); if there were any, ")
_WORK = "Production. Take the bonus; if there was any, "
# What each district does, in a line (tooltips). Numbers come from the rules data.
DISTRICT_HELP = {
    "corn": _WORK + f"each Farmer here makes {D.FARMER_CORN} corn for free.",
    "llama": _WORK + "each Shepherd here may make 1 llama for 1 corn.",
    "coca": _WORK + "each Coca Planter here may make 1 coca for 1 corn.",
    "pottery": _WORK + "each Potter here may make 1 pottery for 1 corn.",
    "cloth": _WORK + "each Weaver here may make 1 cloth for 1 corn.",
    "condor": _STONES + "each Condor priest may give 1 llama for steps.",
    "puma": _STONES + "each Puma priest may give 1 llama for steps.",
    "sun": _STONES + "each Virgin may give 1 llama for steps.",
    "main": _STONES + f"everyone may give different goods, {D.MAIN_TEMPLE_STEPS} steps each.",
    "hut": _hire_text(D.D_HUT),
    "palace": _hire_text(D.D_PALACE),
    "priests": "Acquire the next Condor priest or Puma priest (pay the cost printed on it).",
    "virgins": "Acquire the next Virgin of the Sun (pay the cost printed on it).",
    "plaza": "Market: first you may add or remove one unit, then buy and sell goods for corn.",
    "sunclock": f"Send one of your Incas here; at night it comes home with {D.SUNCLOCK_GOODS} "
                f"different goods and {D.SUNCLOCK_STEPS} steps.",
}
# Day 9: no night follows, so the Sun Clock pays at once (the Inca stays there to the end).
DISTRICT_HELP_LAST_DAY = {
    "sunclock": f"Send one of your Incas here: on day {D.LAST_DAY} it pays {D.SUNCLOCK_GOODS} "
                f"different goods and {D.SUNCLOCK_STEPS} steps at once, and stays here to the end.",
}
PROFESSION_PLURAL = ("Farmers", "Shepherds", "Coca Planters", "Potters", "Weavers")
