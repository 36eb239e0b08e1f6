package url

// The map of the tests (where each kind lives, which files are
// generated, how -update rewrites them) is in docs/contributing.md.
//
// The web-platform-tests harness. The WPT JSON files are read from
// $WPT_DIR when it is set (a missing file then fails the run), else from
// testdata/wpt when scripts/fetch-wpt.sh has put them there (ignored by
// git); without either, every test that needs them skips and the test
// binary prints one line saying so. testdata/wpt.sha256 pins the files'
// contents (TestWPTPin). Each case is a subtest named by its input (and
// base).
//
// Cases that fail for a known reason outside this library (the Unicode
// version of golang.org/x/net/idna's tables, which follows the Go
// version) are listed in testdata/expected-failures-unicode-<version>.tsv.
// A listed case that passes fails the run, so the list cannot go stale.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/weburl/url/internal/corpus"
	"github.com/weburl/url/internal/urlattr"
	"golang.org/x/net/idna"
)

// wptFiles are the files of the WPT url/ corpus this suite runs; TestMain
// prints a summary line for each, and fails a run with WPT_DIR set in
// which one of them was not run in full.
var wptFiles = []string{
	"urltestdata.json",
	"setters_tests.json",
	"toascii.json",
	"IdnaTestV2.json",
	"percent-encoding.json",
	"urlencoded-parser-data.json",
}

// wptTally counts results per WPT file for the summary.
type wptTally struct {
	passed, failed, expected int
}

var (
	wptMu     sync.Mutex
	wptCounts = map[string]*wptTally{}
)

func TestMain(m *testing.M) {
	code := m.Run()
	if n := wptSkipped.Load(); n > 0 {
		fmt.Printf("%s (%d tests skipped)\n", wptMissing, n)
	}
	if len(wptCounts) > 0 {
		names := make([]string, 0, len(wptCounts))
		for name := range wptCounts {
			names = append(names, name)
		}
		sort.Strings(names)
		fmt.Printf("WPT conformance (Unicode %s tables, %s):\n", idna.UnicodeVersion, goVersion())
		for _, name := range names {
			c := wptCounts[name]
			fmt.Printf("  %-32s %5d passed, %d failed, %d expected failures\n", name, c.passed, c.failed, c.expected)
		}
	}
	os.Exit(code)
}

// wptMissing is the message of a run without the corpus; wptSkipped
// counts the tests that skipped for that reason, for TestMain's one line.
const wptMissing = corpus.Missing

var wptSkipped atomic.Int32

// findWPTDir returns the folder holding the WPT files: $WPT_DIR when set
// (a missing file there then fails the tests that read it), else
// testdata/wpt when it holds urltestdata.json; ok is false when neither.
func findWPTDir() (dir string, ok bool) {
	dir, _ = corpus.WPT(0, wptFiles[0])
	return dir, dir != ""
}

// wptDir returns the folder holding the WPT files, or skips the test
// when the corpus is not available and WPT_DIR is not set.
func wptDir(t testing.TB) string {
	dir, ok := findWPTDir()
	if !ok {
		wptSkipped.Add(1)
		t.Skip(wptMissing)
	}
	return dir
}

// loadJSON decodes a WPT file (or one of ours under testdata) into v.
func loadJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %s: %v", path, err)
	}
}

// loadWPT decodes a WPT file from the corpus folder.
func loadWPT(t testing.TB, name string, v any) {
	t.Helper()
	loadJSON(t, filepath.Join(wptDir(t), name), v)
}

// objects returns the objects of a WPT array, dropping the comments
// (plain strings).
func objects(t testing.TB, raw []json.RawMessage) []json.RawMessage {
	var out []json.RawMessage
	for _, r := range raw {
		if len(r) > 0 && r[0] == '{' {
			out = append(out, r)
		}
	}
	return out
}

// expectedFailures returns the cases expected to fail: those of this
// build's Unicode tables (unicodeExpectedFailures) and the library's
// deliberate deviations from the standard
// (testdata/expected-deviations.tsv, under every Unicode version): file
// -> case name -> reason.
func expectedFailures(t testing.TB) map[string]map[string]string {
	out := unicodeExpectedFailures(t)
	readExpectedFailures(t, filepath.Join("testdata", "expected-deviations.tsv"), out)
	return out
}

// unicodeExpectedFailures returns the cases expected to fail with this
// build's Unicode tables.
func unicodeExpectedFailures(t testing.TB) map[string]map[string]string {
	out := map[string]map[string]string{}
	readExpectedFailures(t, filepath.Join("testdata", "expected-failures-unicode-"+idna.UnicodeVersion+".tsv"), out)
	return out
}

// readExpectedFailures adds the cases of a file<TAB>case<TAB>reason list
// to out; a missing file adds none.
func readExpectedFailures(t testing.TB, path string, out map[string]map[string]string) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			t.Fatalf("%s: want file<TAB>case<TAB>reason, got %q", path, line)
		}
		if out[parts[0]] == nil {
			out[parts[0]] = map[string]string{}
		}
		if _, dup := out[parts[0]][parts[1]]; dup {
			t.Fatalf("%s: %s case %s listed twice", path, parts[0], parts[1])
		}
		out[parts[0]][parts[1]] = parts[2]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// checker collects the mismatches of one case, so that an expected
// failure can be told from an unexpected one (or an unexpected pass).
type checker struct {
	problems []string
}

func (c *checker) errorf(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker) equal(what, got, want string) {
	if got != want {
		c.errorf("%s = %q, want %q", what, got, want)
	}
}

// conclude reports the case's result against the expected failures and
// counts it for the summary.
func conclude(t *testing.T, file, name string, c *checker, expected map[string]map[string]string) {
	t.Helper()
	reason, isExpected := expected[file][name]
	wptMu.Lock()
	tally := wptCounts[file]
	if tally == nil {
		tally = &wptTally{}
		wptCounts[file] = tally
	}
	switch {
	case len(c.problems) == 0 && !isExpected:
		tally.passed++
	case len(c.problems) == 0 && isExpected:
		tally.failed++
	case isExpected:
		tally.expected++
	default:
		tally.failed++
	}
	if path := os.Getenv("WPT_RECORD_FAILURES"); path != "" && len(c.problems) > 0 {
		// Used to draft an expected-failures file (see its header).
		if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			fmt.Fprintf(f, "%s\t%s\t%s\n", file, name, strings.ReplaceAll(c.problems[0], "\t", " "))
			f.Close()
		}
	}
	wptMu.Unlock()
	switch {
	case len(c.problems) > 0 && !isExpected:
		for _, p := range c.problems {
			t.Error(p)
		}
	case len(c.problems) == 0 && isExpected:
		t.Errorf("passes, but is listed as an expected failure (%s): remove it from the list", reason)
	case isExpected:
		t.Logf("expected failure (%s): %s", reason, strings.Join(c.problems, "; "))
	}
}

// caseName names a subtest by its input and base.
func caseName(input string, base *string) string {
	if base == nil {
		return fmt.Sprintf("%q", input)
	}
	return fmt.Sprintf("%q against %q", input, *base)
}

// urlTestCase is one case of a file in urltestdata.json's format: its
// input and base, the attributes expected (Origin "" where the case gives
// none) and what the harness checks beside them.
type urlTestCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	urlattr.Attrs
	SearchParams *string `json:"searchParams"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
}

// parseCase parses a case's input against its base, as new URL(input,
// base) does.
func parseCase(input string, base *string) (*URL, error) {
	if base == nil {
		return Parse(input)
	}
	return Parse(input, *base)
}

func canParseCase(input string, base *string) bool {
	if base == nil {
		return CanParse(input)
	}
	return CanParse(input, *base)
}

// checkURL compares every attribute of u with the case (the origin
// where the case gives it).
func checkURL(c *checker, u wptURL, tc *urlTestCase) {
	for attr, want := range tc.All() {
		if attr == "origin" && want == "" {
			continue
		}
		got, _ := u.get(attr)
		c.equal(attr, got, want)
	}
	if got, ok := u.get("searchParams"); ok && tc.SearchParams != nil {
		c.equal("searchParams", got, *tc.SearchParams)
	}
	u.check(c)
}

// runURLTestData runs one file in the urltestdata.json format on s.
func runURLTestData(t *testing.T, s wptSubject, path, file string) {
	var raw []json.RawMessage
	loadJSON(t, path, &raw)
	expected := s.expected(t, file)
	cases := objects(t, raw)
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	for _, r := range cases {
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", path, err, r)
		}
		name := caseName(tc.Input, tc.Base)
		t.Run(name, func(t *testing.T) {
			var c checker
			u, ok := s.parse(&c, tc.Input, tc.Base)
			switch {
			case tc.Failure && ok:
				href, _ := u.get("href")
				c.errorf("parsed as %q, want failure", href)
			case tc.Failure:
				// relativeTo marks a failure that a base would rescue,
				// which is how WPT's <a> element tests (they always have a
				// base) use it: "non-opaque-path-base" inputs parse against
				// a base with a hierarchical path but must still fail
				// against one with an opaque path, such as about:blank;
				// "any-base" inputs parse against every base.
				switch tc.RelativeTo {
				case "non-opaque-path-base":
					blank := "about:blank"
					if u, ok := s.parse(&c, tc.Input, &blank); ok {
						href, _ := u.get("href")
						c.errorf("against about:blank parsed as %q, want failure", href)
					}
				case "any-base":
					for _, b := range []string{"about:blank", "https://example.test/dir/file", "sc://host/"} {
						if _, ok := s.parse(&c, tc.Input, &b); !ok {
							c.errorf("against %q: failure, want success", b)
						}
					}
				}
			case !ok:
				c.errorf("failed")
			default:
				checkURL(&c, u, &tc)
				// Re-parsing the href gives the same URL.
				href, _ := u.get("href")
				if v, ok := s.parse(&c, href, nil); !ok {
					c.errorf("re-parse of %q fails", href)
				} else if again, _ := v.get("href"); again != href {
					c.errorf("re-parse of %q gives %q", href, again)
				}
			}
			conclude(t, s.tallyName(file), name, &c, expected)
		})
	}
}

// TestURLTestData runs WPT's urltestdata.json: the basic URL parser.
func TestURLTestData(t *testing.T) {
	runURLTestData(t, prodSubject{}, filepath.Join(wptDir(t), "urltestdata.json"), "urltestdata.json")
}

// TestOwnURLTestData runs our own cases, in the same format.
func TestOwnURLTestData(t *testing.T) {
	runURLTestData(t, prodSubject{}, filepath.Join("testdata", "urltestdata-weburl.json"), "testdata/urltestdata-weburl.json")
}

type toASCIICase struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// runToASCII runs a file in the toascii.json format on s: the input is
// parsed as the host of https://{input}/x, and the host and hostname
// setters of https://x/x take it too, as WPT's toascii.window.js does.
func runToASCII(t *testing.T, s wptSubject, file string) {
	var raw []json.RawMessage
	loadWPT(t, file, &raw)
	expected := s.expected(t, file)
	for _, r := range objects(t, raw) {
		var tc toASCIICase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", file, err, r)
		}
		name := fmt.Sprintf("%q", tc.Input)
		t.Run(name, func(t *testing.T) {
			var c checker
			if tc.Input == "" {
				// An empty host cannot be written into https://{input}/x
				// (WPT's own harness leaves this case out). What the case
				// is about is UTS #46 ToASCII of "", the step domain to
				// ASCII runs before it rejects an empty result: check that.
				got, ok := s.toASCIIEmpty()
				if tc.Output == nil && ok {
					c.errorf("ToASCII(\"\") = %q, want failure", got)
				} else if tc.Output != nil {
					c.equal("ToASCII(\"\")", got, *tc.Output)
				}
				conclude(t, s.tallyName(file), name, &c, expected)
				return
			}
			u, ok := s.parse(&c, "https://"+tc.Input+"/x", nil)
			switch {
			case tc.Output == nil && ok:
				host, _ := u.get("host")
				c.errorf("host = %q, want failure", host)
			case tc.Output == nil:
			case !ok:
				c.errorf("failed, want host %q", *tc.Output)
			default:
				for _, attr := range [...]string{"host", "hostname"} {
					got, _ := u.get(attr)
					c.equal(attr, got, *tc.Output)
				}
				got, _ := u.get("pathname")
				c.equal("pathname", got, "/x")
				got, _ = u.get("href")
				c.equal("href", got, "https://"+*tc.Output+"/x")
				u.check(&c)
			}
			runToASCIISetters(&c, s, &tc)
			conclude(t, s.tallyName(file), name, &c, expected)
		})
	}
}

// TestToASCII runs WPT's toascii.json.
func TestToASCII(t *testing.T) { runToASCII(t, prodSubject{}, "toascii.json") }

// TestIdnaTestV2 runs WPT's IdnaTestV2.json (UTS #46 conformance data).
func TestIdnaTestV2(t *testing.T) { runToASCII(t, prodSubject{}, "IdnaTestV2.json") }

// TestWPTFilesPresent fails when a file of the corpus is missing from
// the corpus folder (WPT_DIR, or testdata/wpt), or the folder holds a
// JSON file this suite does not run.
func TestWPTFilesPresent(t *testing.T) {
	dir := wptDir(t)
	known := map[string]bool{}
	for _, f := range wptFiles {
		known[f] = true
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("WPT file missing: %v", err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") && !known[e.Name()] {
			t.Errorf("WPT_DIR holds %s, which no test runs", e.Name())
		}
	}
}

// isURLUnitAt reports whether s[i:] starts with a URL unit as the spec's
// validation sees it: a URL code point, or "%" followed by two ASCII hex
// digits. Written from the spec (section 4.3, URL code points), apart
// from the parser's tables.
func isURLUnitAt(s string, i int) bool {
	c := s[i]
	if c == '%' {
		return i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2])
	}
	if c < utf8.RuneSelf {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	switch {
	case r < 0xA0 || r > 0x10FFFD, 0xD800 <= r && r <= 0xDFFF,
		0xFDD0 <= r && r <= 0xFDEF, r&0xFFFE == 0xFFFE:
		return false
	}
	return true
}

// isLDHDomain reports whether an ASCII domain is what the strict ToASCII
// accepts of ASCII (UTS #46 with CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength): labels of 1 to 63 letters a-z, digits and hyphens,
// not starting or ending with a hyphen, nor with hyphens third and
// fourth, and at most 253 bytes in all.
func isLDHDomain(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' ||
			len(label) >= 4 && label[2:4] == "--" || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

// TestWPTHrefsAreValid parses every input of urltestdata.json that must
// parse and validates its href. An href is the serializer's output, and
// most are valid URL strings with no validation error. Those that are
// not are so for three reasons, each checked where it is reported:
//
//   - invalid-credentials: a valid URL string has no userinfo (4.3), so
//     every href with a username or password reports it.
//   - invalid-URL-unit: the serializer does not encode everything that is
//     not a URL unit: "|", "[", "\", "^", "`", "{", "}" stay in paths,
//     queries and fragments, "%" not followed by two hex digits stays, as
//     do spaces inside opaque paths. The test checks that the href really
//     holds a code point that is not a URL unit at the reported offset.
//   - domain-to-ASCII: an ASCII domain parses as it is (beStrict false)
//     and stays in the href, where the strict ToASCII records an error:
//     an invalid Punycode label ("xn--pokxncvks"), or a domain that is
//     not letters, digits and hyphens in labels of 1 to 63 bytes
//     ("!\"$&'()*+,-.;=_`{}~", "..", "foo.09..").
//
// IPv4-non-decimal-part and IPv4-empty-part cannot occur: the serializer
// writes IPv4 addresses in dotted decimal.
func TestWPTHrefsAreValid(t *testing.T) {
	var raw []json.RawMessage
	loadWPT(t, "urltestdata.json", &raw)
	clean, explained := 0, 0
	for _, r := range objects(t, raw) {
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatal(err)
		}
		if tc.Failure {
			continue
		}
		u, err := parseCase(tc.Input, tc.Base)
		if err != nil {
			continue // TestURLTestData reports it
		}
		href := u.Href()
		_, errs, err := Validate(href)
		if err != nil {
			t.Errorf("%s: href %q does not parse: %v", caseName(tc.Input, tc.Base), href, err)
			continue
		}
		if len(errs) == 0 {
			clean++
			continue
		}
		explained++
		for _, e := range errs {
			ok := false
			switch e.Kind {
			case InvalidCredentials:
				ok = u.Username() != "" || u.Password() != ""
			case InvalidURLUnit:
				ok = e.Offset < len(href) && !isURLUnitAt(href, e.Offset)
			case DomainToASCII:
				h := u.Hostname()
				ok = strings.HasPrefix(h, "xn--") || strings.Contains(h, ".xn--") || !isLDHDomain(h)
			}
			if !ok {
				t.Errorf("%s: href %q reports %v at %d, which a serialized URL should not", caseName(tc.Input, tc.Base), href, e.Kind, e.Offset)
			}
		}
	}
	t.Logf("%d hrefs valid, %d with explained validation errors", clean, explained)
	if clean < 400 {
		t.Errorf("only %d hrefs have no validation error", clean)
	}
}

// TestPercentEncodingData runs percent-encoding.json as WPT does: the
// input is the query of a special URL parsed in a document with that
// encoding, so Parser.Encoding applies; a non-special URL (and ws:) always
// uses UTF-8.
func TestPercentEncodingData(t *testing.T) {
	const file = "percent-encoding.json"
	var raw []json.RawMessage
	loadWPT(t, file, &raw)
	expected := expectedFailures(t)
	total := 0
	for _, r := range objects(t, raw) {
		var tc struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatalf("%s: %v in %s", file, err, r)
		}
		labels := make([]string, 0, len(tc.Output))
		for label := range tc.Output {
			labels = append(labels, label)
		}
		sort.Strings(labels)
		for _, label := range labels {
			total++
			want := tc.Output[label]
			name := fmt.Sprintf("%q in %s", tc.Input, label)
			t.Run(name, func(t *testing.T) {
				var c checker
				enc, err := lookupEncoding(label)
				if err != nil {
					c.errorf("%v", err)
					conclude(t, file, name, &c, expected)
					return
				}
				got := string(appendPercentEncodeAfterEncoding(nil, enc, tc.Input, SpecialQuerySet, false))
				c.equal("percent-encode after encoding", got, want)
				p := Parser{Encoding: enc}
				u, err := p.Parse("https://doesnotmatter.invalid/?" + tc.Input + "#" + tc.Input)
				if err != nil {
					c.errorf("parse: %v", err)
				} else {
					c.equal("search", u.Search(), "?"+want)
					// The fragment is always UTF-8.
					c.equal("hash", u.Hash(), "#"+PercentEncode(tc.Input, FragmentSet))
				}
				for _, prefix := range []string{"sc://doesnotmatter.invalid/?", "wss://doesnotmatter.invalid/?"} {
					utf8, _ := Parse(prefix + tc.Input)
					if u, err := p.Parse(prefix + tc.Input); err != nil || utf8 == nil || u.Href() != utf8.Href() {
						c.errorf("%s: encoding %s applied where UTF-8 is required: %v vs %v (%v)", prefix, label, u, utf8, err)
					}
				}
				conclude(t, file, name, &c, expected)
			})
		}
	}
	if total == 0 {
		t.Fatalf("%s: no cases", file)
	}
}
