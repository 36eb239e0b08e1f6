// Package browsertest tests weburl's URL viewer (weburl serve) in a
// real browser, headless Chromium driven over the DevTools protocol,
// and records where that Chromium disagrees with the URL Standard on
// the WPT urltestdata inputs (docs/chromium-differences.md).
//
// It is a module of its own so that users of weburl never download the
// browser driver. Run it from this directory:
//
//	WPT_DIR=../../shared/wpt go test ./...
//	WPT_DIR=../../shared/wpt go test -run 'Chromium|Screenshot' -update   # rewrite the docs' table and screenshot
//
// Chromium must be installed (Debian's chromium package; CHROMIUM names
// another binary); the tests fail without it unless WEBURL_SKIP_BROWSER=1.
package browsertest
