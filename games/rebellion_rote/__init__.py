"""Star Wars: Rebellion with Rise of the Empire (in progress; not yet registered as a pack)."""
