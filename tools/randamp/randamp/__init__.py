"""randamp: random C++ AMP programs for differential testing (README.md)."""
