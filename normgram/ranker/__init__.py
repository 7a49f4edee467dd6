"""Ranking of ambiguous readings with a class-based n-gram language model."""
from .model import Ranker, normalize_words, sentence_tokens, shipped_model_path
from .ngram import BOS, EOS, UNK, NgramModel, estimate_discounts

__all__ = ["NgramModel", "Ranker", "estimate_discounts", "normalize_words", "sentence_tokens",
           "shipped_model_path", "BOS", "EOS", "UNK"]
