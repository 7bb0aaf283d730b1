"""The game's user interface: pure view builders (board, help) and the app around them."""
