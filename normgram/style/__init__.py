"""Written-style rules: choices made on a region's chosen reading after ranking (which
spans to keep as said, which to write in digits, how to space marks).  Every rule has the
one method of ``protocol.StyleRule``; ``registry.style_rules`` builds those a spec turns on."""
