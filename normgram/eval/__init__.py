"""Evaluation: metrics and the evaluate command."""
