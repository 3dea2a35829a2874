"""Q*bert (Parker Brothers, 1983)."""
