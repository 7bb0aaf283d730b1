"""The rules help, written for this edition in its own words (the publisher's text is not used).

`HELP_SECTIONS` is a list of (title, HTML body); `help_html()` joins them with a table of contents.
Numbers come from machu_picchu.data where they are data (costs, counts, step values), so the help
follows any correction made there.
"""

from __future__ import annotations

from html import escape

from machu_picchu import data as D

from .icons import goods_icon


def _i(name: str) -> str:
    return goods_icon(name, 18)


def _cost(pairs) -> str:
    return " + ".join(f"{k} {D.GOODS[g]}" for g, k in pairs)


def _row_cost(row: int) -> str:
    cost = D.ROW_CARD_COSTS[row][0]
    return " + ".join(f"{cost[g]} {D.GOODS[g]}" for g in sorted(range(5), key=lambda g: -cost[g])
                      if cost[g])


_N = D.DISTRICT_NAMES
_INCAS_ROWS = "".join(f"<tr><td>{n} players</td><td>{D.INCAS_PER_PLAYER[n]}</td>"
                      f"<td>day {D.START_DAY[n]}</td></tr>" for n in range(2, 6))
_HIRE_ROWS = "".join(
    f"<tr><td>{D.PROFESSION_NAMES[p]}</td><td>{_N[D.DISTRICTS[p]]}</td>"
    f"<td>{_N[D.DISTRICTS[D.SETUP_DISTRICT[p]]]}</td><td>{_cost(D.SETUP_COST[p])}</td></tr>"
    for p in range(5))

HELP_SECTIONS: list[tuple[str, str]] = [
    ("What the game is about", f"""
<p>Machu Picchu, high in the Andes, in the years before the Spanish arrive. Each player is a
Prince of the city. Your Prince walks through the city's fifteen districts, and every district
you enter does one thing for you: your Incas make goods, you hire more Incas, you win Priests
and Virgins, you trade at the market, or you make sacrifices in a temple.</p>
<p>Sacrifices move your Scout up the <b>Incatrail</b>. Each time the Scout reaches the summit you
gain a new <b>sacrifice card</b> {_i("card")}. Cards are the heart of the score: every symbol on
your cards is worth one victory point (VP) for each of your Incas, Priests or Virgins that match
it. So you are building two things at once: a collection of cards, and the Incas and Priests those
cards reward.</p>
<p>The game can end in three ways (see <i>How the game ends</i>). If the Spanish conquer the city,
the <b>gold</b> {_i("gold")} printed on your cards can double or triple your score.</p>
"""),
    ("Setting up", f"""
<ul>
<li>Every player starts with 3 corn, 1 llama, 1 coca, 1 pottery and 1 cloth, and one sacrifice
card drawn at random and kept secret.</li>
<li>Incas in your supply and the first day on the day track depend on the number of players:
<table><tr><th>Players</th><th>Incas each</th><th>First day</th></tr>{_INCAS_ROWS}</table></li>
<li>A moon follows each day on the day track; every moon from the first day on holds 1 corn.</li>
<li>The start player is chosen at random. Scouts go on the Incatrail: the start player's on
step 1, the next player's (in seat order) on step 2, and so on.</li>
<li>Bonus units: 3 corn on the {_N["corn"]} and one unit of its good on each other production
district; one temple stone {_i("stone")} on each of the four temples.</li>
<li>Market: two units of each of llama, coca, pottery and cloth, on the two top fields of
their columns.</li>
<li>In seat order from the start player, everyone places one Inca from their supply into any
production district. That choice is the Inca's profession.</li>
</ul>
"""),
    ("Your turn", f"""
<p>On your turn your Prince does exactly one of these:</p>
<ul>
<li><b>Walk</b> along a path to a neighbouring district. Free. On the map those districts get a
solid yellow ring.</li>
<li><b>Travel</b> to any other district by paying 1 llama {_i("llama")}. Those districts get a
dashed ring and a <i>1 llama</i> badge.</li>
<li><b>Stay</b> where you are and take one moon tile {_i("moon")} of your choice from the board.
The district does <i>nothing</i> this time.</li>
</ul>
<p>On your very first turn you put your Prince on any district you like, for free.</p>
<p>The district you arrive in acts straight away. A district never acts for the same Prince two
turns in a row: staying only ever gives a moon tile, and travelling cannot land you where you
already are.</p>
"""),
    ("The fifteen districts", f"""
<p>Five make goods, four are temples, and six do special jobs. Production districts are tinted by
their good and carry a round medallion; temples are orange with an octagon; the rest are grey
stone.</p>
<dl>
<dt>{_i("corn")} {_N["corn"]}, {_i("llama")} {_N["llama"]}, {_i("coca")} {_N["coca"]},
{_i("pottery")} {_N["pottery"]}, {_i("cloth")} {_N["cloth"]}</dt>
<dd>Production: take the bonus, then the Incas there may work.</dd>
<dt>{_i("condor")} {_N["condor"]}, {_i("puma")} {_N["puma"]}, {_i("sun")} {_N["sun"]}</dt>
<dd>Temples where Priests and Virgins sacrifice llamas.</dd>
<dt>{_i("main")} {_N["main"]}</dt>
<dd>The temple where anyone may sacrifice goods.</dd>
<dt>{_i("hut")} {_N["hut"]} and {_i("palace")} {_N["palace"]}</dt>
<dd>Hire new Incas.</dd>
<dt>{_i("priests")} {_N["priests"]} and {_i("virgins")} {_N["virgins"]}</dt>
<dd>Win a Priest or a Virgin card.</dd>
<dt>{_i("plaza")} {_N["plaza"]}</dt>
<dd>The market.</dd>
<dt>{_i("sunclock")} {_N["sunclock"]}</dt>
<dd>Send one of your Incas to serve for the day.</dd>
</dl>
"""),
    ("Production districts", f"""
<p>When you enter one, take every bonus unit lying there. If at least one was there, the
district works today: every Inca there, of every player, may produce once, players choosing
in seat order starting with you.</p>
<ul>
<li>A <b>Farmer</b> ({_N["corn"]}) brings in 3 corn, free of charge.</li>
<li>Every other Inca (Shepherd, Coca Planter, Potter, Weaver) makes 1 unit of its good, and its
owner pays 1 corn to the bank for it. You decide how many of yours work; nobody has to.</li>
</ul>
<p>If the district was already emptied today there is nothing to take and nobody works. You
do not need any Incas there to take the bonus.</p>
"""),
    ("Temples", f"""
<p>When you enter a temple, take its temple stones: each one moves your Scout 3 steps. If at
least one stone was there, sacrifices follow, in seat order starting with you:</p>
<ul>
<li><b>{_N["condor"]}</b>: each Condor priest you own may give 1 llama.
<b>{_N["puma"]}</b>: the same for Puma priests. <b>{_N["sun"]}</b>: the same for Virgins.
One llama per card, and each llama is worth the row's current step value.</li>
<li>The <b>step value</b> is the lowest number still showing in that row of cards (see the
<i>Priests and Virgins</i> panel). In this edition it starts at
{D.ROW_BASE_STEPS[0]} for Condor priests, {D.ROW_BASE_STEPS[1]} for Puma priests and
{D.ROW_BASE_STEPS[2]} for Virgins, and drops by one with every card taken from the row.</li>
<li><b>{_N["main"]}</b>: no cards needed. Everyone may give a set of <i>different</i> goods:
at most one each of corn (3 corn count as one), llama, coca, pottery and cloth. Each good given
is worth {D.MAIN_TEMPLE_STEPS} steps, so up to 10 steps.</li>
</ul>
"""),
    ("Hiring Incas: Hut and Palace", f"""
<p>At the {_N["hut"]} you may hire a Farmer and/or a Shepherd; at the {_N["palace"]} a Coca
Planter, a Potter and/or a Weaver. At most one Inca of each profession per visit, each paid to
the bank and taken from your supply. With an empty supply you cannot hire.</p>
<table><tr><th>Profession</th><th>Works in</th><th>Hired at</th><th>Cost</th></tr>
{_HIRE_ROWS}</table>
"""),
    ("Priests and Virgins", f"""
<p>At the {_N["priests"]} you may take the leftmost Condor priest <i>or</i> the leftmost Puma
priest; at the {_N["virgins"]} the leftmost Virgin of the Sun. One card per visit; pay the cost
shown on the card to the bank. There are {D.ROW_SIZES[0]} Condor priests, {D.ROW_SIZES[1]} Puma
priests and {D.ROW_SIZES[2]} Virgins: {D.TOTAL_PRIEST_CARDS} in all.</p>
<p>Costs in this edition: Condor priest {_row_cost(0)}; Puma priest {_row_cost(1)}; Virgin
{_row_cost(2)}.</p>
<p>Each card you own lets you sacrifice one llama in its temple each time that temple works, and
scores for the matching symbol (condor, puma, sun) on your sacrifice cards. Taking a card also
lowers the step value of its row for everyone.</p>
"""),
    ("The market at the Central Plaza", f"""
<p>The market has one column for each of llama, coca, pottery and cloth. Each column has four
fields priced 6, 5, 4 and 3 corn from the top, and units fill a column from the top down. Prices
are paid in corn.</p>
<ul>
<li><b>Sell</b> a unit: it goes on the highest empty field and you get that field's price. A
full column still takes more at 3 corn each (the bank buys them).</li>
<li><b>Buy</b> a unit: take the lowest unit and pay its field's price. An empty column still
sells at 6 corn each (from the bank).</li>
<li>Before your first trade of the visit you may <b>adjust</b> the market once: take one unit out
of a column, or put one in, for free.</li>
<li>Then trade as much as you like, one unit at a time.</li>
</ul>
<p class="mp-note">Example: the coca column holds 3 units. Buying one costs 4 corn, a second one
5. Selling one would bring only 3 — but if you first remove one unit, the column holds 2 and
each of your next two coca sells for 4, then 3.</p>
"""),
    ("The Sun Clock", f"""
<p>Move one of your Incas from any production district to the {_N["sunclock"]}. At night it goes
back to your supply and brings you 3 <i>different</i> goods of your choice (3 corn may count as
one of them) and 3 steps on the Incatrail. On day 9, the last, no night follows: it pays at once
and stays at the Sun Clock to the end.</p>
<p>This is the only way to change an Inca's profession: send it to the Sun Clock, then hire it
again at the Hut or the Palace.</p>
"""),
    ("Bonus units", f"""
<p>The five production districts and the four temples work only once a day, and only if
something lies there. Whoever enters first takes it all: goods from a production district
(3 corn count as one unit at the {_N["corn"]}), temple stones from a temple.</p>
<p>Each night one more unit arrives on each of these nine districts, but never more than two:
a district left alone for a day is worth twice as much to the next visitor. On the map, filled
slots show the bonus waiting; dashed slots are empty.</p>
"""),
    ("Incatrail and summit", f"""
<p>The Incatrail runs from 0 to the summit at {D.TRAIL_SUMMIT}. Scouts climb from temple
stones, sacrifices, moon tiles and the Sun Clock.</p>
<ul>
<li>Reaching or passing the <b>Granary</b> (step {D.GRANARY}) pays {D.GRANARY_CORN} corn; the
<b>Llama Stable</b> (step {D.STABLE}) pays 1 llama. Both are paid at the end of the turn, so a
stable llama cannot be sacrificed in the turn that earned it. Every pass counts, each lap.</li>
<li>At the <b>summit</b> you draw {D.SUMMIT_DRAW} sacrifice cards, then put any
{D.SUMMIT_RETURN} of all your cards back under the deck: you keep one card more than before.
With only two cards left you draw both and put one back; with one left you simply take it.</li>
<li>Then the Scout starts again from 0 with the steps left over. Example: a Scout on 11 earns
12 steps. It passes the Stable (1 llama), reaches the summit after 9 steps (new card) and ends
on step 3.</li>
<li>Where your Scout stands at the end also counts: steps 7–12 give +1 VP and +1 gold,
13–19 give +2 of each.</li>
</ul>
"""),
    ("Moon tiles and the end of a day", f"""
<p>Seven round moon tiles wait beside the day track: 3 corn {_i("corn")}, one each of llama,
coca, pottery and cloth, 2 steps and 3 steps {_i("step")}. Staying in place is the only way to
take one, and you pick which.</p>
<p>The <b>third</b> tile taken in a day ends it. Whoever took it also takes the <b>sun
tile</b>: they start the next day. Every other player then gets exactly one more turn, and the
last of them also collects the corn on the moon after the current day. Then night falls.</p>
"""),
    ("The night", f"""
<p>Players act in seat order starting with the holder of the sun tile:</p>
<ol>
<li><b>Moon tiles pay out</b> and go back. The 3 corn are free; each goods tile costs 1 corn (you
may refuse it), and corn from the 3-corn tile may pay for your other tiles. Step tiles move your
Scout.</li>
<li><b>The Sun Clock empties</b>: each Inca there goes back to its owner's supply with 3
different goods and 3 steps.</li>
<li><b>New bonus units</b>: one on each of the nine once-a-day districts, never more than two in
one place.</li>
<li><b>A new day</b> begins on the day track, and the sun-tile holder takes the first turn.</li>
</ol>
"""),
    ("Day 9, the last day", """
<p>No night follows day 9, so things pay at once:</p>
<ul>
<li>A moon tile pays as soon as it is taken (a goods tile still costs 1 corn); you keep the
tile.</li>
<li>An Inca sent to the Sun Clock pays its 3 goods and 3 steps at once and stays there, so it
no longer counts for any district.</li>
</ul>
<p>After the third moon tile of day 9, every other player takes one last turn, and then the
Spanish arrive.</p>
"""),
    ("How the game ends", f"""
<dl>
<dt>Rescue by the priests</dt>
<dd>When the last of the {D.TOTAL_PRIEST_CARDS} Priest and Virgin cards is taken, the game ends
after that turn. Score VP; gold does not matter.</dd>
<dt>Rescue by the cards</dt>
<dd>When the deck of {D.DECK_SIZE} sacrifice cards runs out, the action or night step under way
is finished (any further summit in it is worth {D.SUMMIT_VP_WHEN_DECK_EMPTY} VP instead of a
card), the turn's Granary and Stable rewards are paid, and the game ends. Score VP; gold does not
matter.</dd>
<dt>Spanish conquest</dt>
<dd>If neither rescue happened, the game ends after the final turns of day 9. Score VP, then
multiply by gold (see <i>Scoring</i>).</dd>
</dl>
"""),
    ("Scoring", f"""
<p><b>Victory points.</b> For each symbol on your sacrifice cards, score 1 VP for every Inca of
yours in the matching district (corn: Farmers, llama: Shepherds, coca: Coca Planters, pottery:
Potters, cloth: Weavers) or every card of yours of the matching row (condor: Condor priests,
puma: Puma priests, sun: Virgins). Add the Incatrail bonus: +1 on steps 7–12, +2 on
13–19.</p>
<p class="mp-note">Example: your cards are corn–puma, coca–cloth and cloth–sun.
You have 3 Farmers, 2 Coca Planters, 1 Weaver, 1 Puma priest and 2 Virgins, and your Scout is on
step 14. Corn 1×3 = 3, coca 1×2 = 2, cloth 2×1 = 2, puma 1×1 = 1, sun
1×2 = 2, trail +2: <b>12 VP</b>.</p>
<p><b>Gold</b> counts only in a Spanish conquest: the gold on your cards plus the same Incatrail
bonus. In this edition a card with two goods symbols has {D.GOLD_TWO_GOODS} gold, a goods symbol
with a priest or virgin symbol {D.GOLD_MIXED}, two priest or virgin symbols {D.GOLD_TWO_PRIESTS}.
In the example: 5 + 3 + 5 + 2 = <b>15 gold</b>.</p>
<p>Everyone with the most gold multiplies their VP by 3; everyone with the next-highest amount
by 2; the rest keep their VP.</p>
<p class="mp-note">Example of a conquest: Ana 20 VP and 14 gold, Bruno 25 VP and 11 gold, Carla
18 VP and 14 gold, Dora 30 VP and 9 gold. Ana and Carla share the most gold: 60 and 54. Bruno has
the next-highest: 50. Dora stays at 30. Ana wins.</p>
<p>Highest final score wins. Ties go to the player with more goods left (every 3 corn count as
one good).</p>
"""),
    ("Learning variant", f"""
<p>For a first game: instead of choosing one Inca, every player starts with one Inca in each of
the five production districts (one of each profession), and the day track starts
{D.LEARNING_DAY_SHIFT} days later than usual, so the game is shorter.</p>
"""),
    ("Computer players", """
<p>Any seat can be a computer player (a bot), at one of four levels. <b>Easy</b> follows a
simple plan: it goes where entering brings the most at once, produces all it can and keeps the
cards that score best with what it owns. <b>Medium</b>
tries every choice one step ahead and keeps the one that leaves it best placed (points its cards
would score, gold and the conquest multiplier, goods, Incatrail, the time left). <b>Hard</b>
plays out many possible futures for about a second a move, each time with the hidden cards dealt
afresh, and picks the choice that did best. <b>Random</b> makes any legal move.</p>
<p>Bots play fair: they decide from what their seat can see, exactly as you would, never from
the other players' cards or the order of the deck. With <i>Show the bots' reasons</i> (home
screen or menu), the game log says after each of their decisions why they took it. Their cards
are shown only at the end.</p>
"""),
    ("Reading the board", """
<p>Each player has a colour, a <b>shape</b> and a <b>letter</b>, so players can be told apart
without colour. A shape under a small crown is a Prince; a shape followed by a number is that
many Incas; shapes on the Incatrail are Scouts. Goods have their own pictures too.</p>
<p>When it is your move, districts you can reach are ringed: a solid ring is a free walk, a
dashed ring with a <i>1 llama</i> badge is travel. Everything else is dimmed. With a mouse, rest
the pointer on anything on the board for a short explanation; on a touch screen, press and hold
it for half a second (lifting the finger then does nothing else).</p>
<p>When your decision comes round, a dashed arrow in a player's colour, with their shape and
letter half-way along, shows where each other Prince went since your last decision; the game log
tells the rest.</p>
<p>Under your own cards, a line adds up what they would score if the game ended now: the
victory points source by source and the gold, before any conquest multiplier.</p>
<p>Stuck? Under your controls, <b>Hint</b> asks the medium computer player what it would do in
your place, and why. It knows only what you can see (your own cards, never anyone else's);
<b>Do it</b> takes its suggestion, or simply choose something else. Players who would rather
not see the button can switch hints off in the options (home screen or menu).</p>
<p>To look back, open the menu and choose the replay, or watch the whole game from the final
score screen. The replay steps one decision or one turn at a time (the arrow keys, Page Up and
Page Down work too), follows the slider as you drag it, or plays by itself; an arrow shows the
Prince that moved in the step on screen. It shows only what everyone could see, so it is safe
to open with other players around; leaving it takes you back to where play stands.</p>
<p>Under the final score, two charts show how the game went: each player's victory points
(before the conquest multiplier) and gold after every night, one line per player in its colour,
dash pattern and shape. A table below counts what each player did over the whole game: turns,
llama trips, goods produced, bought, sold and offered, Incas set up, llamas sacrificed, moon
tiles, and Priests and Virgins acquired. Rest on (or press and hold) a point of a chart for its
figure.</p>
"""),
    ("This edition's rulings", """
<p>The printed rules leave some points open, and the printed board could not be consulted, so
this edition decides the following. We say plainly where values are our own.</p>
<ul>
<li><b>Market adjustment</b>: before the first trade of a visit you may either remove one unit
from a column or add one, never both, and only once.</li>
<li><b>Buy or sell</b>: in one visit you either buy or sell a given good, not both. Buying back
what you just sold always costs exactly what you got for it, so this changes no sensible play,
and it keeps every visit short for the computer players.</li>
<li><b>The bank never runs out</b> of goods or corn.</li>
<li><b>Days and visits have an end</b>: after 100 turns in one day (all players' turns
together) a turn can only stay and take a moon tile, and after 40 purchases and sales in one
market visit the only choice left is to leave. The printed rules end a day only when players
stay, so players who never did would play one day for ever; no game played here came near a third
of either limit.</li>
<li><b>Farmers</b> always bring in their corn; there is nothing to pay, so there is nothing to
choose.</li>
<li><b>Moon tiles</b>: the player who stays chooses which tile to take.</li>
<li><b>Gold ties</b>: all players tied for the most gold get ×3, and all tied for the
next-highest amount get ×2.</li>
<li><b>Deck running out</b>: the action under way is finished before the game ends, as described
in <i>How the game ends</i>.</li>
<li><b>Reconstructed values.</b> No source shows the printed board or most cards, so these are
this edition's own choices, made to agree with every example in the rules: <i>the map</i> (which
districts are joined by paths, and where they lie), the cost of every Priest and Virgin except
one Puma priest, the starting step values of the three rows, and the gold on the sacrifice
cards. The market prices, the contents of the moon tiles, the corn on the day track and the 28
cards as every pair of two different symbols out of eight are worked out from the rules'
examples. If you own the printed game and something differs, the printed game is right.</li>
</ul>
"""),
]


def _slug(title: str) -> str:
    return "help-" + "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-")


def help_html() -> str:
    """The whole rules help as one HTML fragment: a contents list, then one section per topic."""
    toc = "".join(f'<li><a href="#{_slug(t)}">{escape(t)}</a></li>' for t, _ in HELP_SECTIONS)
    body = "".join(f'<section id="{_slug(t)}"><h3>{escape(t)}</h3>{html}</section>'
                   for t, html in HELP_SECTIONS)
    return (f'<div class="mp-help"><nav aria-label="Rules contents"><ol>{toc}</ol></nav>'
            f'{body}</div>')
