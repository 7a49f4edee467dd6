"""Training data: `normgram tag` records and their output."""
