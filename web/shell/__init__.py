"""The page's shell: what every game shares (screens, storage, hotseat, replay, bots' pacing)."""
