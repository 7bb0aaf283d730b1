"""Rules help (placeholder while drafting)."""
HELP_SECTIONS = [("Goal", "<p>x</p>")]
def help_html() -> str:
    return "<div class='mp-help'>x</div>"
