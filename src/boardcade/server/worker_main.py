"""Entry point of a worker process: `python -m boardcade.server.worker_main FD` (started by compute.Worker)."""

import sys
from multiprocessing.connection import Connection

from .compute import _worker_main

if __name__ == "__main__":
    _worker_main(Connection(int(sys.argv[1])))
