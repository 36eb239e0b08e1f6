package urlpattern

// The web-platform-tests harness for urlpatterntestdata.json, read as
// WPT's urlpattern/resources/urlpatterntests.js reads it. The file is
// read from $WPT_DIR/urlpattern/ (a missing file then fails the run), or
// from ../testdata/wpt/urlpattern/ where scripts/fetch-wpt.sh puts it;
// without either the test skips. A relative WPT_DIR is taken from the
// repository root. Each case is a subtest named as WPT
// names it: "Pattern: <pattern JSON> Inputs: <inputs JSON>". TestMain
// prints one summary line, which .ci/run checks.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	url "github.com/weburl/url"
	"github.com/weburl/url/internal/corpus"
)

const wptFile = "urlpattern/urlpatterntestdata.json"

var (
	wptMu                        sync.Mutex
	wptPassed, wptFailed, wptRan int
)

func TestMain(m *testing.M) {
	code := m.Run()
	if wptRan > 0 {
		fmt.Printf("WPT conformance:\n  %-32s %5d passed, %d failed, 0 expected failures\n", wptFile, wptPassed, wptFailed)
	}
	os.Exit(code)
}

// wptPath returns the path of the WPT file, or skips the test when the
// corpus is not available and WPT_DIR is not set. A relative WPT_DIR is
// taken from the repository root, as `WPT_DIR=../shared/wpt go test ./...`
// in .ci/run gives it.
func wptPath(t testing.TB) string {
	dir, _ := corpus.WPT(1, wptFile)
	if dir == "" {
		t.Skip(corpus.Missing)
	}
	return filepath.Join(dir, wptFile)
}

// wptEntry is one case of urlpatterntestdata.json.
type wptEntry struct {
	Pattern                []json.RawMessage `json:"pattern"`
	Inputs                 []json.RawMessage `json:"inputs"`
	ExactlyEmptyComponents []string          `json:"exactly_empty_components"`
	ExpectedObj            json.RawMessage   `json:"expected_obj"`
	ExpectedMatch          json.RawMessage   `json:"expected_match"`
	Comment                string            `json:"//"`
}

// wptComponents are the components urlpatterntests.js compares.
var wptComponents = []string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

func TestWPT(t *testing.T) {
	data, err := os.ReadFile(wptPath(t))
	if err != nil {
		t.Fatal(err)
	}
	var entries []wptEntry
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no cases")
	}
	for _, e := range entries {
		name := "Pattern: " + compactJSON(e.Pattern) + " Inputs: " + compactJSON(e.Inputs)
		ok := t.Run(name, func(t *testing.T) { runWPTEntry(t, e) })
		wptMu.Lock()
		wptRan++
		if ok {
			wptPassed++
		} else {
			wptFailed++
		}
		wptMu.Unlock()
	}
}

func compactJSON(v []json.RawMessage) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// isJSONString reports whether a raw JSON value is a string, and returns it.
func isJSONString(raw json.RawMessage) (string, bool) {
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return s, true
	}
	return "", false
}

// decodeInit decodes a URLPatternInit dictionary.
func decodeInit(t *testing.T, raw json.RawMessage) (Init, map[string]string) {
	t.Helper()
	var all map[string]any
	if err := json.Unmarshal(raw, &all); err != nil {
		t.Fatalf("init %s: %v", raw, err)
	}
	// A dictionary ignores members it does not have ({ignoreCase: true}
	// given as the input); its own members are strings.
	m := map[string]string{}
	var in Init
	for k, value := range all {
		v, isString := value.(string)
		if !isString {
			if k == "ignoreCase" {
				continue
			}
			t.Fatalf("init %s: member %q is not a string", raw, k)
		}
		m[k] = v
		switch k {
		case "protocol":
			in.Protocol = &v
		case "username":
			in.Username = &v
		case "password":
			in.Password = &v
		case "hostname":
			in.Hostname = &v
		case "port":
			in.Port = &v
		case "pathname":
			in.Pathname = &v
		case "search":
			in.Search = &v
		case "hash":
			in.Hash = &v
		case "baseURL":
			in.BaseURL = &v
		default:
			delete(m, k)
		}
	}
	return in, m
}

// construct calls the constructor as JavaScript's overload resolution
// would with these arguments; ok is false when JavaScript throws a
// TypeError that the Go API has no way to be called with (an Init with a
// base URL string, options given as a string).
func construct(t *testing.T, args []json.RawMessage) (*Pattern, error) {
	t.Helper()
	if len(args) == 0 {
		// new URLPattern(): input defaults to {}.
		return NewInit(Init{})
	}
	var opts Options
	optionsAt := -1
	var base []string
	if len(args) >= 2 {
		if s, isStr := isJSONString(args[1]); isStr {
			// constructor(input, baseURL, options)
			base = []string{s}
			if len(args) == 3 {
				optionsAt = 2
			}
		} else {
			// constructor(input, options)
			optionsAt = 1
			if len(args) == 3 {
				// Three arguments select constructor(input, baseURL,
				// options): the options argument is args[2], and a string
				// there cannot convert to a dictionary: TypeError.
				if _, isStr := isJSONString(args[2]); isStr {
					return nil, errors.New("TypeError: options is not a dictionary")
				}
				t.Fatalf("unhandled arguments %s", compactJSON(args))
			}
		}
	}
	if optionsAt >= 0 {
		var o struct {
			IgnoreCase bool `json:"ignoreCase"`
		}
		if err := json.Unmarshal(args[optionsAt], &o); err != nil {
			t.Fatalf("options %s: %v", args[optionsAt], err)
		}
		opts.IgnoreCase = o.IgnoreCase
	}
	if s, isStr := isJSONString(args[0]); isStr {
		return opts.New(s, base...)
	}
	in, _ := decodeInit(t, args[0])
	if base != nil {
		// create step 3.2: an init and a base URL: TypeError. The Go API
		// has no way to express this call (NewInit takes no base).
		return nil, errors.New("TypeError: baseURL with an init")
	}
	return opts.NewInit(in)
}

func runWPTEntry(t *testing.T, e wptEntry) {
	p, err := construct(t, e.Pattern)
	if s, _ := isJSONString(e.ExpectedObj); s == "error" {
		if err == nil {
			t.Fatalf("constructor: got a pattern, want an error (TypeError)")
		}
		t.Logf("constructor error: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("constructor: %v", err)
	}
	checkPatternStrings(t, e, p)
	checkMatch(t, e, p)
}

// checkPatternStrings compares the component pattern strings with
// expected_obj, filling in the components it leaves out as
// urlpatterntests.js does.
func checkPatternStrings(t *testing.T, e wptEntry, p *Pattern) {
	var expectedObj map[string]string
	if len(e.ExpectedObj) > 0 {
		if err := json.Unmarshal(e.ExpectedObj, &expectedObj); err != nil {
			t.Fatalf("expected_obj: %v", err)
		}
	}
	var initMap map[string]string
	patternIsInit := len(e.Pattern) > 0 && e.Pattern[0][0] == '{'
	if patternIsInit {
		_, initMap = decodeInit(t, e.Pattern[0])
	}
	var baseURL *url.URL
	if patternIsInit && initMap["baseURL"] != "" {
		baseURL = url.MustParse(initMap["baseURL"])
	} else if len(e.Pattern) > 1 {
		if s, ok := isJSONString(e.Pattern[1]); ok {
			baseURL = url.MustParse(s)
		}
	}
	earlier := map[string][]string{
		"protocol": {},
		"hostname": {"protocol"},
		"port":     {"protocol", "hostname"},
		"username": {},
		"password": {},
		"pathname": {"protocol", "hostname", "port"},
		"search":   {"protocol", "hostname", "port", "pathname"},
		"hash":     {"protocol", "hostname", "port", "pathname", "search"},
	}
	got := map[string]string{
		"protocol": p.Protocol(), "username": p.Username(), "password": p.Password(), "hostname": p.Hostname(),
		"port": p.Port(), "pathname": p.Pathname(), "search": p.Search(), "hash": p.Hash(),
	}
	for _, c := range wptComponents {
		expected, ok := expectedObj[c]
		if !ok {
			switch {
			case containsString(e.ExactlyEmptyComponents, c):
				expected = ""
			case patternIsInit && initMap[c] != "":
				expected = initMap[c]
			case patternIsInit && anyIn(earlier[c], initMap):
				expected = "*"
			case baseURL != nil && c != "username" && c != "password":
				expected = baseComponent(baseURL, c)
			default:
				expected = "*"
			}
		}
		if got[c] != expected {
			t.Errorf("compiled pattern property %q: got %q, want %q", c, got[c], expected)
		}
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func anyIn(keys []string, m map[string]string) bool {
	for _, k := range keys {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}

// baseComponent returns the URL getter's value without the ":" of the
// protocol and the "?" or "#" of the search and hash.
func baseComponent(u *url.URL, c string) string {
	switch c {
	case "protocol":
		return strings.TrimSuffix(u.Protocol(), ":")
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return strings.TrimPrefix(u.Search(), "?")
	case "hash":
		return strings.TrimPrefix(u.Hash(), "#")
	}
	panic(c)
}

// wptComponentResult is an expected URLPatternComponentResult; a nil
// group value stands for undefined.
type wptComponentResult struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

func checkMatch(t *testing.T, e wptEntry, p *Pattern) {
	// The arguments of test() and exec().
	var in struct {
		str, base string
		hasBase   bool
		init      *Init
	}
	switch {
	case len(e.Inputs) == 0:
		in.init = &Init{}
	case e.Inputs[0][0] == '"':
		in.str, _ = isJSONString(e.Inputs[0])
	default:
		init, _ := decodeInit(t, e.Inputs[0])
		in.init = &init
	}
	if len(e.Inputs) > 1 {
		s, ok := isJSONString(e.Inputs[1])
		if !ok {
			t.Fatalf("inputs[1] %s is not a string", e.Inputs[1])
		}
		in.base, in.hasBase = s, true
	}
	if len(e.Inputs) > 2 {
		t.Fatalf("more than two inputs")
	}
	if s, _ := isJSONString(e.ExpectedMatch); s == "error" {
		// test() and exec() throw a TypeError for an init with a base URL
		// (match step 11.1); the Go API has no way to make that call
		// (TestInit and ExecInit take no base), so the error is in the type
		// system. Check that this is the case.
		if in.init == nil || !in.hasBase {
			t.Fatalf("expected_match is an error for inputs the Go API can express")
		}
		return
	}
	if in.init != nil && in.hasBase {
		t.Fatalf("an init with a base URL, and a match expected")
	}
	var test bool
	var r *Result
	if in.init != nil {
		test, r = p.TestInit(*in.init), p.ExecInit(*in.init)
	} else if in.hasBase {
		test, r = p.Test(in.str, in.base), p.Exec(in.str, in.base)
	} else {
		test, r = p.Test(in.str), p.Exec(in.str)
	}
	wantMatch := len(e.ExpectedMatch) > 0 && string(e.ExpectedMatch) != "null"
	if test != wantMatch {
		t.Errorf("test() result: got %v, want %v", test, wantMatch)
	}
	if !wantMatch {
		if r != nil {
			t.Errorf("exec() failed match result: got %+v, want null", *r)
		}
		return
	}
	if r == nil {
		t.Fatalf("exec(): got null, want a match")
	}
	var expected map[string]json.RawMessage
	if err := json.Unmarshal(e.ExpectedMatch, &expected); err != nil {
		t.Fatalf("expected_match: %v", err)
	}
	// result.inputs: expected_match.inputs, defaulting to inputs.
	expectedInputs := e.Inputs
	if raw, ok := expected["inputs"]; ok {
		if err := json.Unmarshal(raw, &expectedInputs); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.Inputs) != len(expectedInputs) {
		t.Errorf("exec() result.inputs.length: got %d, want %d", len(r.Inputs), len(expectedInputs))
	} else {
		for i, gotIn := range r.Inputs {
			if gotIn.Init == nil {
				if want, _ := isJSONString(expectedInputs[i]); gotIn.URL != want {
					t.Errorf("exec() result.inputs[%d]: got %q, want %s", i, gotIn.URL, expectedInputs[i])
				}
				continue
			}
			_, want := decodeInit(t, expectedInputs[i])
			for _, c := range wptComponents {
				var got *string
				switch c {
				case "protocol":
					got = gotIn.Init.Protocol
				case "username":
					got = gotIn.Init.Username
				case "password":
					got = gotIn.Init.Password
				case "hostname":
					got = gotIn.Init.Hostname
				case "port":
					got = gotIn.Init.Port
				case "pathname":
					got = gotIn.Init.Pathname
				case "search":
					got = gotIn.Init.Search
				case "hash":
					got = gotIn.Init.Hash
				}
				w, has := want[c]
				if (got != nil) != has || (got != nil && *got != w) {
					t.Errorf("exec() result.inputs[%d][%s]: got %v, want %q (present %v)", i, c, got, w, has)
				}
			}
		}
	}
	for _, c := range wptComponents {
		var want wptComponentResult
		if raw, ok := expected[c]; ok {
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
		} else {
			want = wptComponentResult{Groups: map[string]*string{}}
			if !containsString(e.ExactlyEmptyComponents, c) {
				want.Groups["0"] = new("")
			}
		}
		cr := componentResultByName(r, c)
		gotGroups := map[string]*string{}
		for _, g := range cr.Groups {
			if g.Matched {
				gotGroups[g.Name] = new(g.Value)
			} else {
				gotGroups[g.Name] = nil
			}
		}
		if cr.Input != want.Input || !maps.EqualFunc(gotGroups, want.Groups, func(a, b *string) bool {
			return (a == nil) == (b == nil) && (a == nil || *a == *b)
		}) {
			t.Errorf("exec() result for %s: got input %q groups %s, want input %q groups %s",
				c, cr.Input, showWPTGroups(gotGroups), want.Input, showWPTGroups(want.Groups))
		}
	}
}

func componentResultByName(r *Result, c string) ComponentResult {
	for i, n := range componentNames {
		if n == c {
			return *r.component(component(i))
		}
	}
	panic(c)
}

func showWPTGroups(g map[string]*string) string {
	var b strings.Builder
	b.WriteString("{")
	for k, v := range g {
		if v == nil {
			fmt.Fprintf(&b, "%q: undefined, ", k)
		} else {
			fmt.Fprintf(&b, "%q: %q, ", k, *v)
		}
	}
	b.WriteString("}")
	return b.String()
}

// TestWPTPin checks that urlpatterntestdata.json has the sha256 that the
// module's testdata/wpt.sha256 pins, so that the pass count is the
// pinned file's.
func TestWPTPin(t *testing.T) {
	pin, err := os.ReadFile(filepath.Join("..", "testdata", "wpt.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	for _, line := range strings.Split(string(pin), "\n") {
		if sum, name, ok := strings.Cut(line, "  "); ok && name == wptFile {
			want = sum
		}
	}
	if want == "" {
		t.Fatalf("testdata/wpt.sha256 does not pin %s", wptFile)
	}
	data, err := os.ReadFile(wptPath(t))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Errorf("%s: sha256 %s, testdata/wpt.sha256 pins %s", wptFile, got, want)
	}
}
