#!/usr/bin/env bash
# parser-route.sh counts the route a URL takes through the root package,
# from Parse to the URL (docs/parser-route.md): for each input below (and
# a base, for a relative reference), the functions and files of package
# url whose code runs during that one Parse call, and which of the route's
# functions (the fast paths, the hand-overs, the state machine) it reached.
#
# Method: a small program that calls url.Parse once is built with
# coverage in count mode for package url only (go build -cover
# -covermode=count -coverpkg=github.com/weburl/url,probe: a binary
# writes no counters unless its main package is covered too); it runs once with no
# input (the baseline: package initialisation) and once per input. A
# block of code belongs to the route of an input when its count is
# higher in that input's run than in the baseline; a function (or file)
# is on the route when one of its blocks is. Functions and files are
# those of the root package only (internal/ packages and the standard
# library are not counted). The counts do not depend on the machine.
#
# Usage, from the root of a clone:
#
#	scripts/parser-route.sh            # the table for the inputs below
#	VERBOSE=1 scripts/parser-route.sh  # and the functions of each route
#
# Needs bash, awk and Go.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/probe"
cat >"$work/probe/go.mod" <<EOF
module probe

go 1.26.0

require github.com/weburl/url v0.0.0

replace github.com/weburl/url => $root
EOF
cp "$root/go.sum" "$work/probe/go.sum"
cat >"$work/probe/main.go" <<'EOF'
// Command probe parses its first argument against its second, if any.
package main

import (
	"os"

	"github.com/weburl/url"
)

func main() {
	switch len(os.Args) {
	case 2:
		url.Parse(os.Args[1])
	case 3:
		url.Parse(os.Args[1], os.Args[2])
	}
}
EOF
cat >"$work/probe/base.go" <<'EOF'
package main

import "github.com/weburl/url"

// A base is parsed before the input: parse it at start-up, in the
// baseline too, so that its route is not counted as the input's.
var base = url.MustParse("https://example.com/dir/page?x=1")

func init() { _ = base }
EOF
(cd "$work/probe" && go mod tidy >/dev/null 2>&1 || true)
(cd "$work/probe" && go build -cover -covermode=count -coverpkg=github.com/weburl/url,probe -o "$work/probe.bin" .)

# profile NAME ARGS...: the coverage profile (text) of one run.
profile() {
	local name=$1
	shift
	mkdir -p "$work/cov-$name"
	GOCOVERDIR="$work/cov-$name" "$work/probe.bin" "$@"
	go tool covdata textfmt -i "$work/cov-$name" -o "$work/$name.txt"
}

profile base
huge="https://example.com/$(printf 'a%.0s' $(seq 5000)) b"
inputs=(
	"normal|https://example.com/a/b?c#d"
	"upper-case|HTTPS://Example.COM/a/b"
	"default-port|https://example.com:443/a"
	"idn|https://münchen.de/a"
	"tail|https://example.com/a b/../c?q=1 2"
	"tab|https://example.com/a	b"
	"huge-tail|$huge"
	"no-path|http://example.com"
	"rel-dotdot|../x/y?q|base"
	"rel-encode|img/a b.png|base"
	"non-special|sc://h/p"
	"file|file:///C:/x"
)
printf '%-14s %9s %6s  %s\n' input functions files route
for entry in "${inputs[@]}"; do
	IFS='|' read -r name input withbase <<<"$entry"
	if [ -n "$withbase" ]; then
		profile "$name" "$input" "https://example.com/dir/page?x=1"
	else
		profile "$name" "$input"
	fi
	# Blocks whose count grew over the baseline, as a profile the cover
	# tool reads: "mode" line, then file:range stmts count.
	awk 'NR==FNR { if (FNR > 1) base[$1] = $3; next }
		FNR == 1 { print; next }
		{ d = $3 - base[$1]; print $1, $2, (d > 0 ? 1 : 0) }' \
		"$work/base.txt" "$work/$name.txt" >"$work/$name.delta"
	(cd "$work/probe" && go tool cover -func="$work/$name.delta") |
		awk '$1 ~ /^github.com\/weburl\/url\/[^\/]*:/ && $3 != "0.0%" { sub(/:[0-9]+:$/, "", $1); print $1, $2 }' |
		sed 's|github.com/weburl/url/||' >"$work/$name.funcs"
	nfuncs=$(wc -l <"$work/$name.funcs")
	nfiles=$(awk '{print $1}' "$work/$name.funcs" | sort -u | wc -l)
	# The road's landmarks, in the order road (route.go) tries them, and
	# the names of earlier routes (parseTail, parseFromPath, parseGeneral).
	route=""
	for f in parseNormalized parseBareAuthority resolveNormalized lowerAuthority appendRewritten parseTail finishTail parseFromPath resume parseRootPath parseGeneral general run; do
		if awk -v f="$f" '$2 == f { found = 1 } END { exit !found }' "$work/$name.funcs"; then
			route="$route $f"
		fi
	done
	printf '%-14s %9d %6d %s\n' "$name" "$nfuncs" "$nfiles" "$route"
	if [ -n "${VERBOSE:-}" ]; then
		sed 's/^/    /' "$work/$name.funcs"
	fi
done
