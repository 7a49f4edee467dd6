"""Result types: the output text plus every converted span with its competitors."""
from dataclasses import asdict, dataclass, field


@dataclass
class Candidate:
    cls: str
    output: str
    weight: float              # grammar weight of the best region reading that uses it
    lm: float = 0.0            # ranker cost (0 without a ranker)
    total: float = 0.0         # what the decoder minimized
    ranked: bool = True        # False: spans other than the grammar's best reading's, which
                               # the ranker does not choose (see Pipeline._rank)


@dataclass
class Span:
    start: int                 # input character offsets
    end: int
    out_start: int             # output character offsets
    out_end: int
    cls: str
    input: str
    output: str
    weight: float
    candidates: list = field(default_factory=list)
    word_start: int = -1       # input word indices [word_start, word_end) of the words the span
    word_end: int = -1         # touches (words = whitespace-separated), for ASR timestamps


@dataclass
class Result:
    input: str
    output: str
    spans: list = field(default_factory=list)

    def to_dict(self):
        return asdict(self)

    def __str__(self):
        return self.output
