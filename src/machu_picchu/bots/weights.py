"""Evaluation weights, written by `python -m machu_picchu.bots.training`: do not edit.

Linear models of the VP and gold a seat still gains before the end (see training.py).
Fitted on 300 noisy self-play games (seed 1), 39374 samples; RMSE final VP 5.08, final gold 3.44.
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
    -15.058932,  # t_one
    0.725122,  # t_players
    0.003269,  # t_corn
    -0.013745,  # t_corn_extra
    -0.000394,  # t_llama
    0.041800,  # t_goods3
    0.963622,  # t_farmers
    1.020184,  # t_shepherds
    0.671679,  # t_makers
    -0.628146,  # t_priests
    0.530227,  # t_priest_steps
    1.212226,  # t_supply
    1.759416,  # t_sunclock
    0.040776,  # t_tile_steps
    0.021625,  # t_tile_goods
    -0.299585,  # t_trail
    0.354071,  # t_assets
    0.038686,  # t_good_icons
    0.298527,  # t_priest_icons
    0.156845,  # t_cards
    0.329660,  # t_priests_llama
    0.499853,  # t_trail_priests
    0.013648,  # t_trail_assets
    0.027744,  # t_cards_assets
    -32.038496,  # d_one
    1.985191,  # d_players
    0.026110,  # d_corn
    0.050834,  # d_corn_extra
    0.052365,  # d_llama
    -0.069113,  # d_goods3
    1.861037,  # d_farmers
    1.855601,  # d_shepherds
    2.450657,  # d_makers
    -3.450038,  # d_priests
    4.337949,  # d_priest_steps
    2.551344,  # d_supply
    2.068648,  # d_sunclock
    0.193936,  # d_tile_steps
    0.256588,  # d_tile_goods
    -0.230805,  # d_trail
    0.967717,  # d_assets
    0.512116,  # d_good_icons
    -0.052555,  # d_priest_icons
    0.367392,  # d_cards
    0.129246,  # d_priests_llama
    -1.195947,  # d_trail_priests
    0.215251,  # d_trail_assets
    -0.238556,  # d_cards_assets
    0.255003,  # t2
)
W_GOLD = (
    -1.780044,  # t_one
    0.098420,  # t_players
    -0.013877,  # t_corn
    -0.018702,  # t_corn_extra
    -0.034115,  # t_llama
    0.007089,  # t_goods3
    0.321986,  # t_farmers
    0.285243,  # t_shepherds
    0.141476,  # t_makers
    -1.400613,  # t_priests
    1.221000,  # t_priest_steps
    0.450393,  # t_supply
    1.009965,  # t_sunclock
    0.039638,  # t_tile_steps
    -0.047201,  # t_tile_goods
    -1.217519,  # t_trail
    0.047046,  # t_assets
    -0.088053,  # t_good_icons
    0.231031,  # t_priest_icons
    0.020923,  # t_cards
    0.256335,  # t_priests_llama
    0.601376,  # t_trail_priests
    0.134651,  # t_trail_assets
    0.019040,  # t_cards_assets
    -4.404698,  # d_one
    0.308055,  # d_players
    0.093894,  # d_corn
    0.022780,  # d_corn_extra
    0.040541,  # d_llama
    0.005337,  # d_goods3
    0.237134,  # d_farmers
    0.638717,  # d_shepherds
    0.569943,  # d_makers
    -1.447384,  # d_priests
    5.574555,  # d_priest_steps
    0.161603,  # d_supply
    -0.534489,  # d_sunclock
    0.155867,  # d_tile_steps
    0.432490,  # d_tile_goods
    3.817568,  # d_trail
    0.194526,  # d_assets
    -0.156391,  # d_good_icons
    -0.721138,  # d_priest_icons
    -0.393899,  # d_cards
    -0.090378,  # d_priests_llama
    -1.292361,  # d_trail_priests
    -0.381704,  # d_trail_assets
    -0.060423,  # d_cards_assets
    -0.073320,  # t2
)
# Residual spread of final gold by whole days left: {0: 1.28, 1: 2.05, 2: 2.34, 3: 2.77, 4: 3.16, 5: 3.77, 6: 4.48, 7: 5.53}
GOLD_SPREAD = (1.2279, 0.5555)  # spread = a + b * days left
