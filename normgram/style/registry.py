"""The registry of style rules: each entry builds its rules from the spec (none where the
spec leaves it off), in the order they apply to a region's chosen reading."""
from . import (as_written, author_initials, cue_reading, determiner_noun, governed_case, keyword_prose, labels,
               pair_and, pair_cues, plain_numbers, spelled, title_opener, tokenized, unit_context, whole_numbers,
               year_count)

# name -> factory(env, built) -> [rules]; ``built``: the rules of the entries before it by name
# (labels read the tokenized rule: marks set apart show a written text)
REGISTRY = (
    ("tokenized", tokenized.from_spec),
    ("labels", labels.from_spec),
    ("author_initials", author_initials.from_spec),
    ("pair_and", pair_and.from_spec),
    ("determiner_noun", determiner_noun.from_spec),
    ("keyword_prose", keyword_prose.from_spec),
    ("unit_context", unit_context.from_spec),
    ("cue_reading", cue_reading.from_spec),
    ("pair_cues", pair_cues.from_spec),
    ("year_count", year_count.from_spec),
    ("spelled", spelled.from_spec),
    ("as_written", as_written.from_spec),
    ("governed_case", governed_case.from_spec),
    ("whole_numbers", whole_numbers.from_spec),
    ("title_opener", title_opener.from_spec),
    ("plain_numbers", plain_numbers.from_spec),
)
# how they apply: the letters and words a span leaves as written are decided before marks are set apart
ORDER = ("governed_case", "whole_numbers", "title_opener", "pair_and", "determiner_noun", "keyword_prose",
         "unit_context", "cue_reading", "pair_cues", "year_count", "labels", "plain_numbers",
         "spelled", "as_written", "author_initials", "tokenized")


def style_rules(env):
    """-> (the style rules the spec of ``env`` turns on, in the order they apply; the same
    by registry name)."""
    built = {}
    for name, factory in REGISTRY:
        built[name] = factory(env, built)
    return [rule for name in ORDER for rule in built[name]], built
