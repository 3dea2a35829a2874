"""Small learned models read from JSON, evaluated in plain Python (no numpy at run time).

A game's evaluation may be a model trained from self-play (`scripts/train_evaluator.py`): its weights ship as a
JSON file in the game's folder and are read with the standard library. The model maps a feature vector to a
logit: features are standardised (`mean`, `scale`), then go through `layers` (each `w` a list of rows, one per
output, `b` its biases, `activation` "tanh", "relu" or "linear"); the last layer has one output. Logistic
regression is one linear layer.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Any

FORMAT = "boardcade-evaluator/1"
ACTIVATIONS = ("tanh", "relu", "linear")


class LearnedModel:
    """A feature vector -> logit model (see the module docstring)."""

    def __init__(self, data: dict[str, Any]):
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} model (format {data.get('format')!r})")
        self.data = data
        self.features: list[str] = list(data["features"])
        n = len(self.features)
        self.mean = [float(x) for x in data["mean"]]
        self.scale = [float(x) or 1.0 for x in data["scale"]]
        if len(self.mean) != n or len(self.scale) != n:
            raise ValueError("mean and scale must have one entry per feature")
        self.layers: list[tuple[list[list[float]], list[float], str]] = []
        width = n
        for layer in data["layers"]:
            w = [[float(x) for x in row] for row in layer["w"]]
            b = [float(x) for x in layer["b"]]
            act = layer.get("activation", "linear")
            if act not in ACTIVATIONS or len(w) != len(b) or any(len(row) != width for row in w):
                raise ValueError(f"bad layer: {len(w)} rows of widths {sorted({len(r) for r in w})}, input {width}")
            self.layers.append((w, b, act))
            width = len(w)
        if width != 1:
            raise ValueError(f"the last layer must have one output, has {width}")
        # A linear model folds its standardisation into one weight vector.
        self._linear = None
        if len(self.layers) == 1 and self.layers[0][2] == "linear":
            w, b, _ = self.layers[0]
            coef = [w[0][i] / self.scale[i] for i in range(n)]
            self._linear = (coef, b[0] - sum(coef[i] * self.mean[i] for i in range(n)))

    def logit(self, x: list[float]) -> float:
        linear = self._linear
        if linear is not None:
            coef, bias = linear
            return bias + sum(c * v for c, v in zip(coef, x, strict=True))
        h = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        for w, b, act in self.layers:
            out = [bi + sum(wi * hi for wi, hi in zip(row, h, strict=True)) for row, bi in zip(w, b, strict=True)]
            if act == "tanh":
                out = [math.tanh(v) for v in out]
            elif act == "relu":
                out = [v if v > 0 else 0.0 for v in out]
            h = out
        return h[0]

    def value(self, x: list[float]) -> float:
        """2 P(win) - 1 = tanh(logit / 2): in (-1, 1), so a position is never worth a finished win."""
        return math.tanh(0.5 * self.logit(x))


def load_model(package: str, name: str) -> LearnedModel | None:
    """The model in the JSON resource `name` of `package` (None when there is none)."""
    try:
        text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return LearnedModel(json.loads(text))
