"""Evaluation weights, written by `python -m machu_picchu.bots.training`: do not edit.

Linear models of the VP and gold a seat still gains before the end (see training.py).
Fitted on 1500 noisy self-play games (seed 101), 198526 samples; RMSE final VP 5.08, final gold 3.47.
"""

FEATURES = (
    't_one',
    't_players',
    't_corn',
    't_corn_extra',
    't_llama',
    't_goods3',
    't_farmers',
    't_shepherds',
    't_makers',
    't_priests',
    't_priest_steps',
    't_supply',
    't_sunclock',
    't_tile_steps',
    't_tile_goods',
    't_trail',
    't_assets',
    't_good_icons',
    't_priest_icons',
    't_cards',
    't_priests_llama',
    't_trail_priests',
    't_trail_assets',
    't_cards_assets',
    'd_one',
    'd_players',
    'd_corn',
    'd_corn_extra',
    'd_llama',
    'd_goods3',
    'd_farmers',
    'd_shepherds',
    'd_makers',
    'd_priests',
    'd_priest_steps',
    'd_supply',
    'd_sunclock',
    'd_tile_steps',
    'd_tile_goods',
    'd_trail',
    'd_assets',
    'd_good_icons',
    'd_priest_icons',
    'd_cards',
    'd_priests_llama',
    'd_trail_priests',
    'd_trail_assets',
    'd_cards_assets',
    't2',
)
W_VP = (
    -18.175797,  # t_one
    0.994858,  # t_players
    -0.006828,  # t_corn
    -0.010891,  # t_corn_extra
    0.020230,  # t_llama
    0.047070,  # t_goods3
    1.158361,  # t_farmers
    1.175946,  # t_shepherds
    0.905371,  # t_makers
    -0.767327,  # t_priests
    0.485345,  # t_priest_steps
    1.435641,  # t_supply
    2.077997,  # t_sunclock
    0.055390,  # t_tile_steps
    0.054556,  # t_tile_goods
    -0.549979,  # t_trail
    0.437411,  # t_assets
    0.046575,  # t_good_icons
    0.318872,  # t_priest_icons
    0.170068,  # t_cards
    0.257753,  # t_priests_llama
    0.769138,  # t_trail_priests
    0.000088,  # t_trail_assets
    0.008679,  # t_cards_assets
    -31.953219,  # d_one
    2.075571,  # d_players
    0.071345,  # d_corn
    0.051945,  # d_corn_extra
    0.043276,  # d_llama
    -0.066193,  # d_goods3
    1.660197,  # d_farmers
    1.685087,  # d_shepherds
    2.260452,  # d_makers
    -2.668922,  # d_priests
    3.873616,  # d_priest_steps
    2.473822,  # d_supply
    1.841870,  # d_sunclock
    0.087959,  # d_tile_steps
    0.127112,  # d_tile_goods
    0.133593,  # d_trail
    0.893428,  # d_assets
    0.582305,  # d_good_icons
    -0.223685,  # d_priest_icons
    0.361709,  # d_cards
    0.535251,  # d_priests_llama
    -1.586341,  # d_trail_priests
    0.236434,  # d_trail_assets
    -0.218932,  # d_cards_assets
    0.257499,  # t2
)
W_GOLD = (
    -2.362271,  # t_one
    0.112545,  # t_players
    -0.012042,  # t_corn
    -0.016993,  # t_corn_extra
    -0.031925,  # t_llama
    0.009179,  # t_goods3
    0.364220,  # t_farmers
    0.294494,  # t_shepherds
    0.201182,  # t_makers
    -0.455557,  # t_priests
    0.203781,  # t_priest_steps
    0.472682,  # t_supply
    1.023897,  # t_sunclock
    0.014866,  # t_tile_steps
    -0.070251,  # t_tile_goods
    -1.122020,  # t_trail
    0.101446,  # t_assets
    -0.067863,  # t_good_icons
    0.229367,  # t_priest_icons
    0.033474,  # t_cards
    0.197075,  # t_priests_llama
    0.620709,  # t_trail_priests
    0.087423,  # t_trail_assets
    0.008836,  # t_cards_assets
    -8.525489,  # d_one
    0.663419,  # d_players
    0.079973,  # d_corn
    0.024806,  # d_corn_extra
    0.087921,  # d_llama
    -0.005823,  # d_goods3
    0.535055,  # d_farmers
    0.710776,  # d_shepherds
    0.843984,  # d_makers
    -4.152527,  # d_priests
    8.838248,  # d_priest_steps
    0.568326,  # d_supply
    -0.092608,  # d_sunclock
    0.226280,  # d_tile_steps
    0.437392,  # d_tile_goods
    3.218506,  # d_trail
    0.128665,  # d_assets
    -0.211447,  # d_good_icons
    -0.879936,  # d_priest_icons
    -0.497250,  # d_cards
    0.105601,  # d_priests_llama
    -1.504760,  # d_trail_priests
    -0.214974,  # d_trail_assets
    -0.033492,  # d_cards_assets
    -0.054612,  # t2
)
# Residual spread of final gold by whole days left: {0: 1.33, 1: 2.0, 2: 2.26, 3: 2.64, 4: 3.04, 5: 3.72, 6: 4.54, 7: 5.78}
GOLD_SPREAD = (1.1368, 0.5796)  # spread = a + b * days left
