#!/usr/bin/env python3
"""cli-rate.py WEBURL [TRURL] [-f FILE] [-n ROUNDS] [-c CPU]: the cost a line
of weburl's commands on a URL list, in the process as a user runs it, with
trurl's beside it when a trurl binary is given (issue 26).

Each command reads FILE (default ../shared/datasets/kasztp.txt) on standard
input, pinned to one CPU (taskset -c CPU, default 0), and is timed by the
CPU time (user and system) the kernel counts for it (getrusage of the
children), which a busy machine disturbs less than the wall clock. The
process start is measured too, by the same command on empty input, and
taken off: "ns a line" is (CPU on FILE - CPU on empty input) / lines. The
rounds are interleaved, command by command, and the figures are their
sums. "rate" is weburl parse -field href's time a line over the command's.

    go build -o /tmp/weburl ./cmd/weburl
    for i in $(seq 10); do cat ../shared/datasets/kasztp.txt; done > /tmp/kasztp10.txt
    python3 scripts/cli-rate.py /tmp/weburl /path/to/trurl -f /tmp/kasztp10.txt -n 5
"""

import argparse
import os
import resource
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))

COMMANDS = [
    ("weburl", ["parse", "-field", "href"]),
    ("weburl", ["-f", "-", "--get", "{host}"]),
    ("weburl", ["-f", "-", "--set", "fragment=top"]),
    ("weburl", ["-f", "-", "--set", "port=8080"]),
    ("trurl", ["-f", "-", "--get", "{host}"]),
    ("trurl", ["-f", "-", "--set", "fragment=top"]),
    ("trurl", ["-f", "-", "--set", "port=8080"]),
]


def cpu_seconds(argv, path, cpu):
    """The CPU time of one run of argv reading path, pinned to cpu."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "rb") as stdin:
        subprocess.run(["taskset", "-c", str(cpu)] + argv, stdin=stdin,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("weburl")
    ap.add_argument("trurl", nargs="?")
    ap.add_argument("-f", dest="file", default=os.path.join(HERE, "..", "..", "shared", "datasets", "kasztp.txt"))
    ap.add_argument("-n", dest="rounds", type=int, default=5)
    ap.add_argument("-c", dest="cpu", type=int, default=0)
    a = ap.parse_args()
    binaries = {"weburl": a.weburl, "trurl": a.trurl}
    cmds = [(tool, argv) for tool, argv in COMMANDS if binaries[tool]]
    with open(a.file, "rb") as f:
        lines = sum(1 for _ in f)
    full = [0.0] * len(cmds)
    empty = [0.0] * len(cmds)
    for _ in range(a.rounds):
        for i, (tool, argv) in enumerate(cmds):
            full[i] += cpu_seconds([binaries[tool]] + argv, a.file, a.cpu)
            empty[i] += cpu_seconds([binaries[tool]] + argv, os.devnull, a.cpu)
    per_line = [(full[i] - empty[i]) / a.rounds / lines * 1e9 for i in range(len(cmds))]
    print(f"{lines} lines, {a.rounds} rounds, CPU {a.cpu}")
    print(f"| command | ns a line | start, ms | rate against `weburl parse -field href` |")
    print(f"| --- | ---: | ---: | ---: |")
    for i, (tool, argv) in enumerate(cmds):
        shown = " ".join("'%s'" % x if "{" in x else x for x in argv)
        print(f"| `{tool} {shown}` | {per_line[i]:,.0f} | {empty[i] / a.rounds * 1e3:.1f} | {100 * per_line[0] / per_line[i]:.0f}% |")


if __name__ == "__main__":
    main()
