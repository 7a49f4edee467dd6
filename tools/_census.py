"""The U.S. Census 1990 name files (dist.male.first, dist.female.first, dist.all.last, as
shipped in PyPI ``names``): one line a name, "NAME  frequency  cumulative-frequency  rank",
in percent of the people, most frequent first.  Read by name_lists.py and electronic_lists.py."""


def census_names(lines, share=None):
    """Lower-case names of one file's ``lines``; with ``share``, only the most frequent ones
    that make up that percentage of the people (the cumulative frequency, third column)."""
    out = set()
    for line in lines:
        parts = line.split()
        if len(parts) == 4 and (share is None or float(parts[2]) <= share):
            out.add(parts[0].lower())
    return out
