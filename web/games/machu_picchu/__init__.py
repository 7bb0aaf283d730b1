"""The Princes of Machu Picchu in the page: board, controls, panels, charts and help."""
