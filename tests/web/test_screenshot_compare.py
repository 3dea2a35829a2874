"""The screenshot comparison itself (no browser): it tolerates what antialiasing does to text and fails when
the layout moves, so a reference test can fail (issue 16)."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from .play_helpers import REFERENCE, SHARE, differing

NAMES = sorted(p.name for p in REFERENCE.glob("*.png"))


def test_every_game_has_start_mid_and_end_references_at_both_sizes():
    for game in ("qbert", "mb_centipede", "atari_centipede"):
        for size in ("desk", "phone"):
            for stage in ("start", "mid", "end"):
                assert f"{game}-{size}-{stage}.png" in NAMES


@pytest.mark.parametrize("name", ["qbert-desk-mid.png", "atari_centipede-phone-mid.png"])
def test_layout_shift_fails_and_faint_noise_passes(name):
    ref = np.asarray(Image.open(REFERENCE / name).convert("RGB"))
    noise = np.random.default_rng(1).integers(-12, 13, ref.shape)  # softer than any real change, everywhere
    assert differing(ref, np.clip(ref.astype(int) + noise, 0, 255)) == 0
    moved = np.roll(ref, 4, axis=0)  # everything 8 px lower on the page
    assert differing(ref, moved) > SHARE
