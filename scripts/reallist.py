#!/usr/bin/env python3
"""reallist.py SEED KASZTP OUT: a list of URLs shaped like URLs as people
paste them (a mix of phishing and benign links), generated from the plain
http(s) URLs of kasztp.txt, deterministically from SEED: about 61 bytes on
average, 14% with a query, 6% with no path at all ("http://example.com"),
a third http. For timing the parser on a list of another shape than
kasztp's (issue 29), e.g.

    python3 scripts/reallist.py 29 ../shared/datasets/kasztp.txt /tmp/reallist.txt
    PERF_DATASETS="reallist=/tmp/reallist.txt" WORKLOADS= ../shared/tools/perf-ada/run.sh
"""
import random
import re
import sys

SEGMENTS = ["index.php", "wp-content", "uploads", "2021", "05", "login", "account", "verify",
            "secure", "update", "signin", "images", "docs", "file.pdf", "home", "en-us", "support",
            "products", "item", "details", "search", "news", "article", "page.html", "view"]
KEYS = ["id", "ref", "session", "token", "user", "email", "utm_source", "page", "q", "lang", "cmd"]


def main():
    seed, src, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    rnd = random.Random(seed)
    urls = []
    with open(src, encoding="utf-8") as f:
        for line in f:
            line = line.strip().lstrip("\ufeff")
            m = re.match(r"^(https?)://([a-z0-9.-]+)(/[^?#]*)?$", line)
            if m:
                urls.append(m.groups())
    lines = []
    for _ in range(11430):
        scheme, host, path = rnd.choice(urls)
        path = path or "/"
        if rnd.random() < 1 / 3:
            scheme = "http"
        r = rnd.random()
        if r < 0.06:
            lines.append(f"{scheme}://{host}")
            continue
        # Longer paths than kasztp's: a few more segments, as in links
        # to files and account pages.
        for _ in range(rnd.choice([0, 1, 2, 2, 3, 3, 4, 4])):
            path = path.rstrip("/") + "/" + rnd.choice(SEGMENTS)
        if rnd.random() < 0.15:
            path += "/"
        query = ""
        if rnd.random() < 0.14 / 0.94:
            pairs = [f"{rnd.choice(KEYS)}={rnd.randrange(10**rnd.randint(1, 8))}"
                     for _ in range(rnd.randint(1, 3))]
            query = "?" + "&".join(pairs)
        lines.append(f"{scheme}://{host}{path}{query}")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
