"""Small utilities every layer may use; this package imports nothing else of normgram."""
