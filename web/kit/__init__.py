"""What every game's views share: seat styles, SVG helpers, number and plural formatting."""
