"""Rule files: locale loading, schemas, where data and cache live."""
