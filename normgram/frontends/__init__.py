"""Front ends over the sentence pipeline: streaming ITN, tagged ITN, timestamps."""
