"""Evaluation weights, written by `python -m machu_picchu.bots.training`: do not edit.

Linear models of the VP and gold a seat still gains before the end (see training.py).
Fitted on 1500 noisy self-play games (seed 101), 182184 samples; RMSE final VP 3.99, final gold 3.19.
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
    -18.108186,  # t_one
    1.024778,  # t_players
    0.041329,  # t_corn
    0.008423,  # t_corn_extra
    0.105374,  # t_llama
    0.006837,  # t_goods3
    1.715304,  # t_farmers
    1.974739,  # t_shepherds
    1.529868,  # t_makers
    -0.727615,  # t_priests
    0.719082,  # t_priest_steps
    1.429593,  # t_supply
    1.966320,  # t_sunclock
    0.018492,  # t_tile_steps
    0.096253,  # t_tile_goods
    -0.060811,  # t_trail
    0.402551,  # t_assets
    -0.065525,  # t_good_icons
    0.007878,  # t_priest_icons
    -0.035476,  # t_cards
    0.029896,  # t_priests_llama
    -0.172338,  # t_trail_priests
    0.076472,  # t_trail_assets
    0.005714,  # t_cards_assets
    10.934968,  # d_one
    -0.245236,  # d_players
    -0.017360,  # d_corn
    0.036967,  # d_corn_extra
    0.045535,  # d_llama
    0.284933,  # d_goods3
    -1.243176,  # d_farmers
    -1.691324,  # d_shepherds
    -1.262613,  # d_makers
    0.070421,  # d_priests
    -0.120331,  # d_priest_steps
    -0.746101,  # d_supply
    -0.584851,  # d_sunclock
    0.080687,  # d_tile_steps
    -0.121535,  # d_tile_goods
    -4.137890,  # d_trail
    -0.745760,  # d_assets
    0.094178,  # d_good_icons
    -0.172554,  # d_priest_icons
    -0.035516,  # d_cards
    0.156187,  # d_priests_llama
    0.874061,  # d_trail_priests
    0.319448,  # d_trail_assets
    0.066924,  # d_cards_assets
    0.131675,  # t2
)
W_GOLD = (
    -0.972252,  # t_one
    0.079247,  # t_players
    0.015452,  # t_corn
    -0.024729,  # t_corn_extra
    0.013461,  # t_llama
    0.021847,  # t_goods3
    0.655002,  # t_farmers
    0.688853,  # t_shepherds
    0.527193,  # t_makers
    -0.749277,  # t_priests
    0.819469,  # t_priest_steps
    0.725759,  # t_supply
    0.862527,  # t_sunclock
    -0.058732,  # t_tile_steps
    -0.020630,  # t_tile_goods
    -0.466866,  # t_trail
    0.046502,  # t_assets
    -0.003208,  # t_good_icons
    -0.201714,  # t_priest_icons
    -0.104923,  # t_cards
    -0.014652,  # t_priests_llama
    0.330286,  # t_trail_priests
    -0.054786,  # t_trail_assets
    0.001251,  # t_cards_assets
    -22.565202,  # d_one
    1.575705,  # d_players
    0.021959,  # d_corn
    -0.001297,  # d_corn_extra
    0.147669,  # d_llama
    0.023996,  # d_goods3
    1.343690,  # d_farmers
    1.264951,  # d_shepherds
    1.579189,  # d_makers
    -1.464252,  # d_priests
    3.525573,  # d_priest_steps
    1.252401,  # d_supply
    1.886436,  # d_sunclock
    0.449029,  # d_tile_steps
    0.379252,  # d_tile_goods
    2.402764,  # d_trail
    0.335364,  # d_assets
    -0.256772,  # d_good_icons
    0.106320,  # d_priest_icons
    -0.086865,  # d_cards
    0.632214,  # d_priests_llama
    -0.999853,  # d_trail_priests
    -0.016981,  # d_trail_assets
    -0.060037,  # d_cards_assets
    -0.299487,  # t2
)
# Residual spread of final gold by whole days left: {0: 1.19, 1: 1.81, 2: 2.3, 3: 2.75, 4: 3.27, 5: 3.6, 6: 3.92, 7: 4.92}
GOLD_SPREAD = (1.2607, 0.4888)  # spread = a + b * days left
