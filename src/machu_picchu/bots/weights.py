"""Evaluation weights, written by `python -m machu_picchu.bots.training`: do not edit.

Fitted on 200 noisy self-play games (seed 1), 26304 samples; RMSE final VP 4.97, final gold 3.45.
"""

FEATURES = (
    'bias',
    'vp',
    'cards',
    'gold',
    'trail_bonus',
    'summit_vp',
    'trail',
    't',
    't2',
    'players',
    'players_t',
    'corn',
    'corn_extra',
    'llama',
    'goods3',
    'farmers',
    'shepherds',
    'makers',
    'priests',
    'priest_steps',
    'supply',
    'sunclock',
    'tile_steps',
    'tile_goods',
    't_corn',
    't_llama',
    't_goods3',
    't_farmers',
    't_shepherds',
    't_makers',
    't_priests',
    't_priest_steps',
    't_supply',
    't_assets',
    'trail_assets',
    't_good_icons',
    't_priest_icons',
    'priests_llama',
    't_sunclock',
    'assets_cards',
)
W_VP = (
    -51.456111,  # bias
    0.909912,  # vp
    0.932033,  # cards
    -0.094478,  # gold
    -0.330090,  # trail_bonus
    0.000000,  # summit_vp
    3.336380,  # trail
    -10.484578,  # t
    0.206056,  # t2
    3.478784,  # players
    0.321621,  # players_t
    -0.017933,  # corn
    -0.015055,  # corn_extra
    0.044959,  # llama
    -0.039990,  # goods3
    4.836696,  # farmers
    4.479944,  # shepherds
    4.799800,  # makers
    -2.814097,  # priests
    2.779827,  # priest_steps
    4.049764,  # supply
    3.537531,  # sunclock
    0.079307,  # tile_steps
    0.275198,  # tile_goods
    0.010269,  # t_corn
    -0.019865,  # t_llama
    0.029562,  # t_goods3
    0.669213,  # t_farmers
    0.785293,  # t_shepherds
    0.508702,  # t_makers
    -0.423214,  # t_priests
    0.761090,  # t_priest_steps
    0.893812,  # t_supply
    0.267662,  # t_assets
    0.148850,  # trail_assets
    0.255948,  # t_good_icons
    0.470605,  # t_priest_icons
    1.737876,  # priests_llama
    1.482081,  # t_sunclock
    -0.171407,  # assets_cards
)
W_GOLD = (
    -11.461215,  # bias
    -0.157147,  # vp
    1.001732,  # cards
    0.464313,  # gold
    -0.716089,  # trail_bonus
    0.000000,  # summit_vp
    5.113229,  # trail
    -1.625262,  # t
    -0.044197,  # t2
    1.004570,  # players
    0.012122,  # players_t
    0.021505,  # corn
    -0.009088,  # corn_extra
    0.018312,  # llama
    -0.015456,  # goods3
    1.057236,  # farmers
    1.457384,  # shepherds
    1.254394,  # makers
    -3.105748,  # priests
    5.568601,  # priest_steps
    0.904074,  # supply
    0.643371,  # sunclock
    0.179181,  # tile_steps
    0.297531,  # tile_goods
    -0.004372,  # t_corn
    -0.042464,  # t_llama
    0.005889,  # t_goods3
    0.247692,  # t_farmers
    0.268203,  # t_shepherds
    0.128625,  # t_makers
    -0.655306,  # t_priests
    0.934508,  # t_priest_steps
    0.367961,  # t_supply
    0.062475,  # t_assets
    0.047508,  # trail_assets
    0.020818,  # t_good_icons
    0.317093,  # t_priest_icons
    1.169601,  # priests_llama
    0.761505,  # t_sunclock
    0.027584,  # assets_cards
)
# Residual spread of final gold by whole days left: {0: 1.72, 1: 2.02, 2: 2.31, 3: 2.68, 4: 3.11, 5: 3.78, 6: 4.51, 7: 5.59}
GOLD_SPREAD = (1.3641, 0.5289)  # spread = a + b * days left
