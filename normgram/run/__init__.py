"""Run time: the sentence pipeline over a compiled FAR and its spec; it never builds."""
