#!/usr/bin/env bash
# perf-ab.sh REV: this checkout against the root module at commit REV, in
# one run of perf-ada (../shared/tools/perf-ada beside a clone here), for
# a change that must not change speed. The root at REV is copied out as
# the module github.com/weburl/urlold and linked into perf-ada's driver
# as a second implementation, weburlold; the driver's rounds interleave
# it with weburl (this checkout) and ada, so that the summary's
# weburl/impl column on the weburlold rows is this checkout's time over
# REV's, per round, median (min-max).
#
# The two copies share one binary, and where each lands in it moves their
# times: run it with REV=HEAD of a clean checkout first (an A/A run) to
# see how far apart two copies of the same code are. perf-ada runs the
# workloads forward in odd rounds and backward in even ones, and rel, in
# forward rounds, comes right after isaacs_files for one build only: run
# rel alone (WORKLOADS=rel) or give ROUNDS an even number and read rel by
# direction (docs/performance.md,
# "rel after the road, timed again").
#
# Usage, from the root of a clone (perf-ada's variables pass through):
#
#	scripts/perf-ab.sh main
#	ROUNDS=9 WORKLOADS=rel,nonnormal scripts/perf-ab.sh main
#	PERF_DATASETS="setp=setp:/tmp/perf-ada-cache/workloads-20261124/setters.txt" WORKLOADS=setters scripts/perf-ab.sh main
#
# Needs git, sed, Go and what perf-ada needs (g++, python3).
set -euo pipefail

rev=${1:?usage: scripts/perf-ab.sh REV}
root=$(cd "$(dirname "$0")/.." && pwd -P)
perf=${PERF_ADA:-$root/../shared/tools/perf-ada}
[[ -x "$perf/run.sh" ]] || { echo "no perf-ada at $perf (set PERF_ADA)"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/perf-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The root module at rev, renamed.
mkdir "$work/old"
git -C "$root" archive "$rev" | tar -x -C "$work/old"
(
	cd "$work/old"
	rm -rf bench beam browsertest migrate
	sed -i 's|^module github.com/weburl/url$|module github.com/weburl/urlold|' go.mod
	grep -rl 'github.com/weburl/url' --include='*.go' . |
		xargs sed -i 's|"github.com/weburl/url/|"github.com/weburl/urlold/|g; s|"github.com/weburl/url"|"github.com/weburl/urlold"|g'
)

# perf-ada with weburlold: its weburl functions copied under other names,
# one row more in its table of implementations, and the driver's module
# told where urlold is.
mkdir "$work/perf"
cp "$perf"/* "$work/perf/" 2>/dev/null || true
ln -s "$perf/vendor" "$work/perf/vendor"
cd "$work/perf"
start=$(grep -n '^// --- weburl ---$' main.go | cut -d: -f1)
end=$(grep -n '^func weburlResult' main.go | cut -d: -f1)
{
	printf 'package main\n\nimport weburlold "github.com/weburl/urlold"\n\n'
	sed -n "${start},$((end - 1))p" main.go |
		sed 's/weburl\./weburlold./g; s/opWeburl/opWeburlOld/g; s/passWeburl/passWeburlOld/g; s/weburlSetters/weburlOldSetters/g'
} >old.go
sed -i 's|^\t{"weburl", opWeburl},$|&\n\t{"weburlold", opWeburlOld},|' main.go
sed -i 's|^HERE=.*|HERE='"$work/perf"'|; s|cp "$HERE/main.go" "$tmp/"|cp "$HERE/main.go" "$HERE/old.go" "$tmp/"|' run.sh
sed -i 's|-replace=github.com/weburl/url="$LIB" &&|& "$GO" mod edit -require=github.com/weburl/urlold@v0.0.0-00010101000000-000000000000 -replace=github.com/weburl/urlold='"$work/old"' \&\&|' run.sh
grep -q weburlold main.go && grep -q urlold run.sh || { echo "perf-ada changed shape: cannot add weburlold"; exit 2; }

cd "$root"
PERF_DATA_DIR=${PERF_DATA_DIR:-$(cd "$perf/../../datasets" && pwd -P)} \
	IMPLS=${IMPLS:-weburl,weburlold} PERF_CLOCK=${PERF_CLOCK:-cpu} "$work/perf/run.sh"
