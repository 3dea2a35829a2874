"""A worker process of an analysis: `python -m boardcade.analysis.worker` (started by `pool.run_chunks`).

It reads one task a line on stdin (JSON: the arguments of `evaluate_chunk`) and answers one line on stdout
(JSON: {"ok": [evaluations]} or {"error": "what went wrong"}), until stdin closes. A fresh interpreter: it never
runs the caller's main module again, whatever script started the analysis.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    from .evaluate import evaluate_chunk

    out = sys.stdout
    for line in sys.stdin:
        try:
            answer: dict[str, object] = {"ok": evaluate_chunk(*json.loads(line))}
        except Exception as e:  # the caller reports it; this worker carries on with the next task
            answer = {"error": f"{type(e).__name__}: {e}"}
        try:
            out.write(json.dumps(answer) + "\n")
            out.flush()
        except BrokenPipeError:  # the caller is gone (stopped or killed): nobody to answer
            return


if __name__ == "__main__":
    main()
