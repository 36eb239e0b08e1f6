#!/usr/bin/env bash
# fetch-wpt.sh downloads the web-platform-tests URL files that weburl's
# tests run (url/resources/*.json of https://github.com/web-platform-tests/wpt)
# into testdata/wpt, where the tests find them when WPT_DIR is not set;
# the URL Pattern file that urlpattern/ runs into its subfolder urlpattern/
# (ada's copy of WPT's urlpatterntestdata.json, at the commit below);
# and the data: URL and MIME type files that dataurl/ runs into its
# subfolders fetch-data-urls/ and mimesniff/. Those are rust-url's copies
# of WPT's files (six cases of rust-url's own added to data-urls.json),
# from https://github.com/servo/rust-url data-url/tests/ at the commit
# below, which the pin names.
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

# rust_url_commit is the servo/rust-url commit whose data-url/tests files
# the subfolder entries of the pin (fetch-data-urls/, mimesniff/) hash.
rust_url_commit=25137be1fc1d35cc8ea7d43fc0a02166b023a483

# ada_commit is the ada-url/ada commit whose tests/wpt/urlpatterntestdata.json
# (synced from web-platform-tests' urlpattern/resources/) the pin's
# urlpattern/ entry hashes.
ada_commit=9d6ccacd61b9180f471e86a7bd3284521952bc71

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

# source_of prints where a pinned name is downloaded from: with
# WPT_BASE_URL, the name under it (a folder laid out as the corpus is);
# else urlpattern/ from ada, another subfolder file from rust-url, a URL
# file from wpt.
source_of() {
	case "$1" in
	*/*)
		if [ -n "${WPT_BASE_URL:-}" ]; then
			echo "$base/$1"
		elif [ "${1%%/*}" = urlpattern ]; then
			echo "https://raw.githubusercontent.com/ada-url/ada/$ada_commit/tests/wpt/${1#*/}"
		else
			echo "https://raw.githubusercontent.com/servo/rust-url/$rust_url_commit/data-url/tests/${1#*/}"
		fi
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
	src=$(source_of "$name")
	mkdir -p "$(dirname "$tmp/$name")"
	if ! curl -fsSL --retry 2 -o "$tmp/$name" "$src"; then
		echo "fetch-wpt.sh: could not download $src" >&2
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
