#!/usr/bin/env bash
# fetch-wpt.sh downloads the web-platform-tests files that weburl's tests
# run into testdata/wpt, where the tests find them when WPT_DIR is not
# set: the six URL files of WPT's url/resources/, the URL Pattern file
# that urlpattern/ runs (in the subfolder urlpattern/), and the data: URL
# and MIME type files that dataurl/ runs (in fetch-data-urls/ and
# mimesniff/). Each comes from a public commit, named in the table below,
# whose copy has the sha256 that testdata/wpt.sha256 pins:
#
#   - ada-url/ada's tests/wpt/ (ada syncs it from web-platform-tests) for
#     five URL files and the URL Pattern file;
#   - web-platform-tests/wpt itself for urlencoded-parser-data.json,
#     which ada does not keep;
#   - servo/rust-url's data-url/tests/ for the data: URL and MIME type
#     files (WPT's files, with six cases of rust-url's own added to
#     data-urls.json).
#
# A file is kept only when its sha256 is the pinned one; on any mismatch
# or failed download nothing in testdata/wpt changes and the exit status
# is 1.
#
# Usage, from anywhere in a clone (needs bash, curl, and sha256sum or
# shasum, and access to raw.githubusercontent.com):
#
#	scripts/fetch-wpt.sh                      # the pinned files, from the table below
#	scripts/fetch-wpt.sh -n                   # print each file and its source; download nothing
#	WPT_COMMIT=<commit> scripts/fetch-wpt.sh  # the six URL files from another web-platform-tests commit
#	WPT_BASE_URL=<url> scripts/fetch-wpt.sh   # every file from a folder laid out as testdata/wpt (file:///path works)
#	WPT_RAW_URL=<url> scripts/fetch-wpt.sh    # the table's files from a mirror of https://raw.githubusercontent.com
set -euo pipefail

# sources: for each file of testdata/wpt.sha256 (the same names, in the
# same order: TestFetchWPTSources holds them to the pin), the GitHub
# repository, commit and path whose copy has the pinned hash.
sources='
IdnaTestV2.json                     ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/IdnaTestV2.json
percent-encoding.json               ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/percent-encoding.json
setters_tests.json                  ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/setters_tests.json
toascii.json                        ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/toascii.json
urlencoded-parser-data.json         web-platform-tests/wpt  d1655f32e1b75a6f052a26647f1c108b7b4f689e  url/resources/urlencoded-parser-data.json
urltestdata.json                    ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/urltestdata.json
urlpattern/urlpatterntestdata.json  ada-url/ada             1e3b300977d5f2980ae0f64633a1c9fe025901df  tests/wpt/urlpatterntestdata.json
fetch-data-urls/data-urls.json      servo/rust-url          25137be1fc1d35cc8ea7d43fc0a02166b023a483  data-url/tests/data-urls.json
fetch-data-urls/base64.json         servo/rust-url          25137be1fc1d35cc8ea7d43fc0a02166b023a483  data-url/tests/base64.json
mimesniff/mime-types.json           servo/rust-url          25137be1fc1d35cc8ea7d43fc0a02166b023a483  data-url/tests/mime-types.json
mimesniff/generated-mime-types.json servo/rust-url          25137be1fc1d35cc8ea7d43fc0a02166b023a483  data-url/tests/generated-mime-types.json
'

list=no
case "${1:-}" in
-n) list=yes ;;
"") ;;
*)
	echo "usage: scripts/fetch-wpt.sh [-n]" >&2
	exit 2
	;;
esac

raw=${WPT_RAW_URL:-https://raw.githubusercontent.com}
root=$(cd "$(dirname "$0")/.." && pwd)
pin="$root/testdata/wpt.sha256"
dest="$root/testdata/wpt"

# source_of prints where a pinned name is downloaded from: with
# WPT_BASE_URL, the name under it; with WPT_COMMIT, a URL file (a name
# with no folder) from that web-platform-tests commit; else the table's
# repository, commit and path.
source_of() {
	local name=$1 repo commit path
	if [ -n "${WPT_BASE_URL:-}" ]; then
		echo "${WPT_BASE_URL%/}/$name"
		return
	fi
	if [ -n "${WPT_COMMIT:-}" ] && [ "${name#*/}" = "$name" ]; then
		echo "${raw%/}/web-platform-tests/wpt/$WPT_COMMIT/url/resources/$name"
		return
	fi
	read -r _ repo commit path < <(awk -v n="$name" '$1 == n' <<<"$sources")
	if [ -z "${path:-}" ]; then
		echo "fetch-wpt.sh: $name is pinned in testdata/wpt.sha256 but has no source in the script" >&2
		return 1
	fi
	echo "${raw%/}/$repo/$commit/$path"
}

if [ "$list" = yes ]; then
	while read -r _ name; do
		[ -n "$name" ] || continue
		src=$(source_of "$name") || exit 1
		printf '%s %s\n' "$name" "$src"
	done <"$pin"
	exit 0
fi

if command -v sha256sum >/dev/null 2>&1; then
	sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
	sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
	echo "fetch-wpt.sh: needs sha256sum or shasum" >&2
	exit 2
fi
command -v curl >/dev/null 2>&1 || {
	echo "fetch-wpt.sh: needs curl" >&2
	exit 2
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bad=0
files=()
while read -r want name; do
	[ -n "$name" ] || continue
	files+=("$name")
	src=$(source_of "$name") || {
		bad=1
		continue
	}
	mkdir -p "$(dirname "$tmp/$name")"
	if ! curl -fsSL --retry 2 -o "$tmp/$name" "$src"; then
		echo "fetch-wpt.sh: could not download $src" >&2
		bad=1
		continue
	fi
	got=$(sha256 "$tmp/$name")
	if [ "$got" != "$want" ]; then
		echo "fetch-wpt.sh: $name from $src differs from the pin: sha256 $got, want $want" >&2
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
echo "fetch-wpt.sh: ${#files[@]} files in testdata/wpt, each matching testdata/wpt.sha256; go test ./... now runs the WPT tests"
