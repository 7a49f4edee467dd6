"""Ranking of ambiguous readings with a class-based n-gram language model."""
from .ngram import BOS, EOS, UNK, NgramModel, estimate_discounts

__all__ = ["NgramModel", "estimate_discounts", "BOS", "EOS", "UNK"]
