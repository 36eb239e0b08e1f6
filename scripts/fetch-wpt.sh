#!/usr/bin/env bash
# fetch-wpt.sh downloads the web-platform-tests URL files that weburl's
# tests run (url/resources/*.json of https://github.com/web-platform-tests/wpt,
# and urlpattern/resources/urlpatterntestdata.json into a urlpattern folder)
# into testdata/wpt, where the tests find them when WPT_DIR is not set.
# A file is kept only when its sha256 is the one testdata/wpt.sha256 pins;
# on any mismatch nothing in testdata/wpt changes and the exit status is 1.
#
# Usage, from anywhere in a clone:
#
#	scripts/fetch-wpt.sh                    # the pinned commit (below)
#	WPT_COMMIT=<commit> scripts/fetch-wpt.sh  # another web-platform-tests commit
#	WPT_BASE_URL=<url> scripts/fetch-wpt.sh   # a mirror or a folder (file:///path/to/wpt/url/resources)
#
# Needs bash, curl, and sha256sum or shasum.
set -euo pipefail

# pinned_commit is the web-platform-tests commit whose url/resources files
# have the hashes of testdata/wpt.sha256. It is not yet determined: the
# files were synced in July 2026 without recording the commit, and no
# commit could be compared from the setup where the pin was made. Until
# it is filled in, give a commit with WPT_COMMIT (the hashes decide
# whether it is the right one) or a source with WPT_BASE_URL.
pinned_commit=""

root=$(cd "$(dirname "$0")/.." && pwd)
pin="$root/testdata/wpt.sha256"
dest="$root/testdata/wpt"

commit=${WPT_COMMIT:-$pinned_commit}
base=${WPT_BASE_URL:-}
if [ -z "$base" ]; then
	if [ -z "$commit" ]; then
		echo "fetch-wpt.sh: the web-platform-tests commit of the pin is not yet recorded;" >&2
		echo "run with WPT_COMMIT=<commit> (accepted only if every file matches $pin)," >&2
		echo "or with WPT_BASE_URL=<url of a url/resources folder>" >&2
		exit 2
	fi
	base="https://raw.githubusercontent.com/web-platform-tests/wpt/$commit/url/resources"
fi

# source_of NAME prints the address of a pinned file. A name with a folder
# (urlpattern/urlpatterntestdata.json) is a file of another WPT suite, kept
# in that folder of WPT_DIR: with WPT_BASE_URL it is read from that folder
# beside the URL files; from a commit, from the suite's resources folder.
source_of() {
	case "$1" in
	*/*)
		if [ -n "${WPT_BASE_URL:-}" ]; then
			echo "$base/$1"
			return
		fi
		local root="https://raw.githubusercontent.com/web-platform-tests/wpt/$commit"
		case "$1" in
		urlpattern/*) echo "$root/urlpattern/resources/${1#urlpattern/}" ;;
		*) echo "fetch-wpt.sh: no upstream address known for $1" >&2; return 1 ;;
		esac
		;;
	*) echo "$base/$1" ;;
	esac
}

if command -v sha256sum >/dev/null 2>&1; then
	sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
	sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
	echo "fetch-wpt.sh: needs sha256sum or shasum" >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bad=0
files=()
while read -r want name; do
	[ -n "$name" ] || continue
	files+=("$name")
	mkdir -p "$(dirname "$tmp/$name")"
	if ! src=$(source_of "$name") || ! curl -fsSL --retry 2 -o "$tmp/$name" "$src"; then
		echo "fetch-wpt.sh: could not download ${src:-$name}" >&2
		bad=1
		continue
	fi
	got=$(sha256 "$tmp/$name")
	if [ "$got" != "$want" ]; then
		echo "fetch-wpt.sh: $name differs from the pin: sha256 $got, want $want" >&2
		bad=1
	fi
done <"$pin"

if [ "$bad" != 0 ]; then
	echo "fetch-wpt.sh: testdata/wpt left unchanged" >&2
	exit 1
fi
mkdir -p "$dest"
for name in "${files[@]}"; do
	mkdir -p "$(dirname "$dest/$name")"
	mv "$tmp/$name" "$dest/$name"
done
echo "fetch-wpt.sh: ${#files[@]} files from $base in testdata/wpt, each matching testdata/wpt.sha256"
