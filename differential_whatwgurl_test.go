package url

// The differential test against whatwg-url, the URL Standard's reference
// implementation. testdata/whatwg-url/gen.js (Node, run by hand) records
// what whatwg-url answers for tens of thousands of mutated, hostile
// inputs in testdata/whatwg-url/vectors.json.gz; these tests replay them
// and need no Node. Each case must agree exactly, or be listed in
// testdata/whatwg-url/expected-disagreements.tsv with its reason.
//
// The disagreements file has one case a line:
//
//	unicode<TAB>kind<TAB>case<TAB>reason
//
// where unicode is the Unicode version of golang.org/x/net/idna's tables
// under which the case disagrees ("15.0.0" under Go 1.26, "17.0.0" under
// Go 1.27), or "*" for every version; kind is "parse", "setters",
// "params", "codepoints", "errors" (the ordered validation error names)
// or "valid" (the valid-URL-string answer); case is the subtest's name. Lines for another Unicode
// version are ignored, so a build sees exactly the cases expected to
// disagree with its tables. A listed case that agrees fails the run (the
// machinery of wpt_test.go's expected failures: checker and conclude).

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/idna"
)

const whatwgURLDir = "testdata/whatwg-url"

// whatwgVectors is the content of vectors.json.gz (see gen.js for the
// format).
type whatwgVectors struct {
	Generator string
	Node      string
	WhatwgURL string `json:"whatwg-url"`
	TR46      string `json:"tr46"`
	Unicode   string
	Getters   []string
	Parse     []struct {
		I string    `json:"i"`
		B *string   `json:"b"`
		R *[]string `json:"r"`
		E *[]string `json:"e"` // validation error names; nil when the base does not parse
		V *int      `json:"v"` // isValidURLString: 1 or 0; nil when the base does not parse
	}
	Setters []struct {
		I string      `json:"i"`
		S [][2]string `json:"s"`
		R []*[]string `json:"r"`
	}
	Params []struct {
		P [][]string           `json:"p"`
		R [][3]json.RawMessage `json:"r"`
	}
	Codepoints []codepointRange
}

var (
	whatwgOnce sync.Once
	whatwgData *whatwgVectors
	whatwgErr  error
)

// loadWhatwgVectors reads and decodes vectors.json.gz once per run.
func loadWhatwgVectors(t *testing.T) *whatwgVectors {
	t.Helper()
	whatwgOnce.Do(func() {
		f, err := os.Open(filepath.Join(whatwgURLDir, "vectors.json.gz"))
		if err != nil {
			whatwgErr = err
			return
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			whatwgErr = err
			return
		}
		var v whatwgVectors
		if err := json.NewDecoder(zr).Decode(&v); err != nil {
			whatwgErr = fmt.Errorf("decoding vectors.json.gz: %w", err)
			return
		}
		whatwgData = &v
	})
	if whatwgErr != nil {
		t.Fatal(whatwgErr)
	}
	want := []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	if !slices.Equal(whatwgData.Getters, want) {
		t.Fatalf("vectors.json.gz records getters %q, want %q", whatwgData.Getters, want)
	}
	return whatwgData
}

// expectedDisagreements reads expected-disagreements.tsv: kind -> case ->
// reason, for the cases expected to disagree under this build's Unicode
// tables. It is keyed like expectedFailures, for conclude.
func expectedDisagreements(t *testing.T) map[string]map[string]string {
	t.Helper()
	path := filepath.Join(whatwgURLDir, "expected-disagreements.tsv")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, "\t")
		if len(parts) != 4 || parts[3] == "" {
			t.Fatalf("%s:%d: want unicode<TAB>kind<TAB>case<TAB>reason, got %q", path, line, text)
		}
		if parts[0] != "*" && parts[0] != idna.UnicodeVersion {
			continue
		}
		file := whatwgFile(parts[1])
		if out[file] == nil {
			out[file] = map[string]string{}
		}
		if _, dup := out[file][parts[2]]; dup {
			t.Fatalf("%s:%d: %s case %s listed twice", path, line, parts[1], parts[2])
		}
		out[file][parts[2]] = parts[3]
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// whatwgFile names a kind of case in conclude's tally and summary.
func whatwgFile(kind string) string { return "whatwg-url " + kind }

// checkGetters compares every getter of u with whatwg-url's values, in
// the order of the vectors' getter list.
func checkGetters(c *checker, u *URL, want []string) {
	got := []string{u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
		u.Port(), u.Pathname(), u.Search(), u.Hash()}
	names := []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	if len(want) != len(got) {
		c.errorf("vector has %d getters, want %d", len(want), len(got))
		return
	}
	for k := range got {
		c.equal(names[k], got[k], want[k])
	}
	if err := u.checkInvariants(); err != nil {
		c.errorf("invariants: %v", err)
	}
}

// TestWhatwgURLParse: new URL(input[, base]) and every getter.
func TestWhatwgURLParse(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("parse")
	if len(v.Parse) < 10000 {
		t.Errorf("only %d parse cases", len(v.Parse))
	}
	for _, tc := range v.Parse {
		name := caseName(tc.I, tc.B)
		t.Run(name, func(t *testing.T) {
			var c checker
			u, err := parseCase(tc.I, tc.B)
			if can := canParseCase(tc.I, tc.B); can != (err == nil) {
				c.errorf("CanParse = %v, but Parse error = %v", can, err)
			}
			switch {
			case tc.R == nil && err == nil:
				c.errorf("parsed as %q; whatwg-url throws", u.Href())
			case tc.R == nil:
			case err != nil:
				c.errorf("failed: %v; whatwg-url gives %q", err, (*tc.R)[0])
			default:
				checkGetters(&c, u, *tc.R)
			}
			conclude(t, file, name, &c, expected)
		})
	}
}

// TestWhatwgURLValidationErrors: the names of the validation errors the
// parser meets in each input (against its base), in order, the fatal
// one last, are those whatwg-url's parseURLWithValidationErrors
// reports. Every error is counted: no ValidationLog limit.
func TestWhatwgURLValidationErrors(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("errors")
	n := 0
	for _, tc := range v.Parse {
		if tc.E == nil {
			continue
		}
		n++
		name := caseName(tc.I, tc.B)
		t.Run(name, func(t *testing.T) {
			var c checker
			got := validationErrorNames(tc.I, tc.B)
			if !slices.Equal(got, *tc.E) {
				c.errorf("validation errors %q; whatwg-url reports %q", got, *tc.E)
			}
			conclude(t, file, name, &c, expected)
		})
	}
	if n < 10000 {
		t.Errorf("only %d cases with validation errors recorded", n)
	}
}

// TestWhatwgURLValidURLString: ValidURLString answers as whatwg-url's
// isValidURLString for each input (against its base). It also counts
// the inputs on which that answer differs from "the parser reports no
// validation error" (see ValidURLString's doc): none are expected.
func TestWhatwgURLValidURLString(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("valid")
	n, valid, differ := 0, 0, 0
	for _, tc := range v.Parse {
		if tc.V == nil {
			continue
		}
		n++
		want := *tc.V == 1
		if want {
			valid++
		}
		var base []string
		if tc.B != nil {
			base = []string{*tc.B}
		}
		got := ValidURLString(tc.I, base...)
		if got != (len(validationErrorNames(tc.I, tc.B)) == 0) {
			differ++
		}
		name := caseName(tc.I, tc.B)
		t.Run(name, func(t *testing.T) {
			var c checker
			if got != want {
				c.errorf("ValidURLString = %v; whatwg-url's isValidURLString = %v", got, want)
			}
			conclude(t, file, name, &c, expected)
		})
	}
	if n < 10000 || valid < 1000 {
		t.Errorf("only %d cases recorded, %d of them valid", n, valid)
	}
	t.Logf("%d cases, %d valid URL strings; on %d the answer differs from \"no validation error\"", n, valid, differ)
	if differ > 0 {
		t.Errorf("ValidURLString and Validate disagree on %d inputs", differ)
	}
}

// validationErrorNames parses input against base (nil: none) with a
// Parser that collects the name of every validation error it meets.
// The base's own errors are not collected.
func validationErrorNames(input string, base *string) []string {
	var b URL
	if base != nil {
		var plain Parser
		if err := plain.road(&b, *base, nil, "parse base", roadCheck{}); err != nil {
			return []string{"base: " + err.Error()}
		}
	}
	names := []string{}
	pr := Parser{OnValidationError: func(e ValidationError) { names = append(names, e.Kind.String()) }}
	pr.ParseRef(&b, input)
	return names
}

// setterCaseName names a setter sequence: the href and each setter with
// its value.
func setterCaseName(href string, seq [][2]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q", href)
	for k, s := range seq {
		if k == 0 {
			b.WriteString(" then ")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s=%q", s[0], s[1])
	}
	return b.String()
}

// TestWhatwgURLSetters: 1-4 setters on a parsed URL, every getter after
// each. A setter that returns an error must leave the URL unchanged; the
// href setter must return one exactly when whatwg-url throws.
func TestWhatwgURLSetters(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("setters")
	if len(v.Setters) < 1000 {
		t.Errorf("only %d setter cases", len(v.Setters))
	}
	for _, tc := range v.Setters {
		name := setterCaseName(tc.I, tc.S)
		t.Run(name, func(t *testing.T) {
			var c checker
			defer conclude(t, file, name, &c, expected)
			if len(tc.S) != len(tc.R) || len(tc.S) == 0 {
				t.Fatalf("malformed vector: %d setters, %d results", len(tc.S), len(tc.R))
			}
			u, err := Parse(tc.I)
			if err != nil {
				c.errorf("Parse failed: %v; whatwg-url parses it", err)
				return
			}
			for k, s := range tc.S {
				set, ok := setters[s[0]]
				if !ok {
					t.Fatalf("unknown setter %q", s[0])
				}
				before := u.Href()
				err := set(u, s[1])
				if err != nil && u.Href() != before {
					c.errorf("after %s=%q: error %v, but the href changed from %q to %q", s[0], s[1], err, before, u.Href())
				}
				if tc.R[k] == nil {
					if err == nil {
						c.errorf("after %s=%q: no error, href %q; whatwg-url throws", s[0], s[1], u.Href())
					}
					continue
				}
				if s[0] == "href" && err != nil {
					c.errorf("after href=%q: %v; whatwg-url gives %q", s[1], err, (*tc.R[k])[0])
				}
				var step checker
				checkGetters(&step, u, *tc.R[k])
				for _, p := range step.problems {
					c.errorf("after %s=%q: %s", s[0], s[1], p)
				}
				if len(step.problems) > 0 {
					return // later steps start from a different URL
				}
			}
		})
	}
}

// paramsCaseName names a URLSearchParams program by its ops.
func paramsCaseName(ops [][]string) string {
	var b strings.Builder
	for k, op := range ops {
		if k > 0 {
			b.WriteString("; ")
		}
		b.WriteString(op[0])
		for j, arg := range op[1:] {
			if j == 0 {
				b.WriteByte('(')
			} else {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q", arg)
		}
		if len(op) > 1 {
			b.WriteByte(')')
		}
	}
	return b.String()
}

// TestWhatwgURLSearchParams: URLSearchParams programs, on their own and
// as a URL's live searchParams mixed with the search and href setters.
// After each op, the op's value, the list's serialization and the URL's
// href must agree.
func TestWhatwgURLSearchParams(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("params")
	if len(v.Params) < 1000 {
		t.Errorf("only %d params programs", len(v.Params))
	}
	for _, tc := range v.Params {
		name := paramsCaseName(tc.P)
		t.Run(name, func(t *testing.T) {
			var c checker
			defer conclude(t, file, name, &c, expected)
			if len(tc.P) != len(tc.R) || len(tc.P) == 0 {
				t.Fatalf("malformed vector: %d ops, %d results", len(tc.P), len(tc.R))
			}
			var (
				sp *SearchParams
				u  *URL
			)
			decode := func(raw json.RawMessage, v any) {
				if err := json.Unmarshal(raw, v); err != nil {
					t.Fatalf("decoding %s: %v", raw, err)
				}
			}
			for k, op := range tc.P {
				res := tc.R[k]
				var step checker
				arg := func(i int) string {
					if len(op) <= i {
						t.Fatalf("op %q: missing argument %d", op, i)
					}
					return op[i]
				}
				switch op[0] {
				case "new":
					sp = NewSearchParams(arg(1))
				case "url":
					var err error
					if u, err = Parse(arg(1)); err != nil {
						c.errorf("Parse(%q) failed: %v; whatwg-url parses it", op[1], err)
						return
					}
					sp = u.SearchParams()
				case "append":
					sp.Append(arg(1), arg(2))
				case "set":
					sp.Set(arg(1), arg(2))
				case "delete":
					sp.Delete(op[1], op[2:]...)
				case "sort":
					sp.Sort()
				case "has":
					var want bool
					decode(res[0], &want)
					if got := sp.Has(arg(1), op[2:]...); got != want {
						step.errorf("= %v, want %v", got, want)
					}
				case "get":
					var want *string
					decode(res[0], &want)
					got, has := sp.Get(arg(1)), sp.Has(op[1])
					switch {
					case want == nil && (has || got != ""):
						step.errorf("= %q (Has %v), want null", got, has)
					case want != nil && (!has || got != *want):
						step.errorf("= %q (Has %v), want %q", got, has, *want)
					}
				case "getAll":
					var want []string
					decode(res[0], &want)
					if got := sp.GetAll(arg(1)); !slices.Equal(got, want) {
						step.errorf("= %q, want %q", got, want)
					}
				case "size":
					var want int
					decode(res[0], &want)
					if got := sp.Len(); got != want {
						step.errorf("= %d, want %d", got, want)
					}
				case "toString":
					var want string
					decode(res[0], &want)
					step.equal("value", sp.String(), want)
				case "search":
					if u == nil {
						t.Fatal("search op without a URL")
					}
					if err := u.SetSearch(arg(1)); err != nil {
						step.errorf("SetSearch: %v", err)
					}
				case "href":
					if u == nil {
						t.Fatal("href op without a URL")
					}
					var ok bool
					decode(res[0], &ok)
					before := u.Href()
					err := u.SetHref(arg(1))
					if ok != (err == nil) {
						step.errorf("SetHref error %v; whatwg-url throws: %v", err, !ok)
					}
					if err != nil && u.Href() != before {
						step.errorf("SetHref error %v, but the href changed from %q to %q", err, before, u.Href())
					}
				default:
					t.Fatalf("unknown op %q", op[0])
				}
				var wantString string
				decode(res[1], &wantString)
				step.equal("toString", sp.String(), wantString)
				var wantHref *string
				decode(res[2], &wantHref)
				if (wantHref != nil) != (u != nil) {
					t.Fatalf("op %d: href recorded %v, URL %v", k, wantHref != nil, u != nil)
				}
				if u != nil {
					step.equal("href", u.Href(), *wantHref)
					if err := u.checkInvariants(); err != nil {
						step.errorf("invariants: %v", err)
					}
				}
				for _, p := range step.problems {
					c.errorf("op %d %s: %s", k, paramsCaseName(tc.P[k:k+1]), p)
				}
				if len(step.problems) > 0 {
					return // later ops start from a different state
				}
			}
		})
	}
}

// codepointRange is one range of the vectors' "codepoints": first,
// last, ok (1 or 0) and, when ok, the hostnames (see gen.js).
type codepointRange struct {
	first, last rune
	ok          bool
	hosts       []string
}

func (r *codepointRange) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if len(raw) < 3 {
		return fmt.Errorf("codepoints range %s: too short", b)
	}
	var ok int
	for i, v := range []any{&r.first, &r.last, &ok} {
		if err := json.Unmarshal(raw[i], v); err != nil {
			return err
		}
	}
	r.ok = ok == 1
	if !r.ok {
		return nil
	}
	var hosts string
	if len(raw) != 4 {
		return fmt.Errorf("codepoints range %s: no hostnames", b)
	}
	if err := json.Unmarshal(raw[3], &hosts); err != nil {
		return err
	}
	r.hosts = strings.Split(hosts, " ")
	for i, h := range r.hosts {
		if rest, ok := strings.CutPrefix(h, "="); ok {
			r.hosts[i] = rest
		} else {
			r.hosts[i] = "xn--ab-" + h
		}
	}
	return nil
}

// TestWhatwgURLCodePoints: every code point from U+0080 up (but the
// surrogates), alone in a domain label, "http://a" + cp + "b/": weburl
// gives the hostname whatwg-url gives, or fails where it fails. Each run
// of consecutive code points on which the two disagree in the same way
// is one case, named by its range and the way, e.g.
// "U+0558..U+0558 in http://a_b/: whatwg-url accepts, weburl rejects".
func TestWhatwgURLCodePoints(t *testing.T) {
	v := loadWhatwgVectors(t)
	expected := expectedDisagreements(t)
	file := whatwgFile("codepoints")
	const (
		agrees = iota
		onlyWhatwgAccepts
		onlyWeburlAccepts
		hostsDiffer
	)
	ways := []string{"", "whatwg-url accepts, weburl rejects", "whatwg-url rejects, weburl accepts", "the hostnames differ"}
	type run struct {
		first, last rune
		way         int
		example     string
	}
	var runs []run
	next, agree := rune(0x80), 0
	after := func(cp rune) rune {
		if cp == 0xD7FF {
			return 0xE000
		}
		return cp + 1
	}
	for _, r := range v.Codepoints {
		if r.first != next || r.last < r.first || r.ok && len(r.hosts) != int(r.last-r.first+1)-rangeGap(r.first, r.last) {
			t.Fatalf("codepoints: bad range %X..%X after %X", r.first, r.last, next-1)
		}
		k := 0
		for cp := r.first; cp <= r.last; cp = after(cp) {
			want := ""
			if r.ok {
				want = r.hosts[k]
				k++
			}
			way, example := agrees, ""
			u, err := Parse("http://a" + string(cp) + "b/")
			switch {
			case err != nil && r.ok:
				way, example = onlyWhatwgAccepts, want
			case err == nil && !r.ok:
				way, example = onlyWeburlAccepts, u.Hostname()
			case err == nil && u.Hostname() != want:
				way, example = hostsDiffer, fmt.Sprintf("%q, want %q", u.Hostname(), want)
			}
			if way == agrees {
				agree++
				continue
			}
			if n := len(runs); n > 0 && runs[n-1].way == way && after(runs[n-1].last) == cp {
				runs[n-1].last = cp
			} else {
				runs = append(runs, run{cp, cp, way, example})
			}
		}
		next = after(r.last)
	}
	if next != 0x110000 {
		t.Fatalf("codepoints end at %X", next-1)
	}
	t.Logf("%d code points agree; %d runs disagree", agree, len(runs))
	names := map[string]bool{}
	for _, r := range runs {
		name := fmt.Sprintf("U+%04X..U+%04X in http://a_b/: %s", r.first, r.last, ways[r.way])
		names[name] = true
		t.Run(name, func(t *testing.T) {
			var c checker
			c.errorf("%d code points disagree, e.g. U+%04X (%s)", r.last-r.first+1-rune(rangeGap(r.first, r.last)), r.first, r.example)
			conclude(t, file, name, &c, expected)
		})
	}
	// conclude sees only the runs that disagree: a listed run that
	// agrees now (or changed its bounds) fails here.
	for name, reason := range expected[file] {
		if !names[name] {
			t.Errorf("%s: listed as an expected disagreement (%s), but no longer disagrees as listed: update the list", name, reason)
		}
	}
}

// rangeGap is the number of surrogates between first and last.
func rangeGap(first, last rune) int {
	if first <= 0xD7FF && last >= 0xE000 {
		return 0x800
	}
	return 0
}

// TestWhatwgURLVectorsInfo logs where the vectors come from and how many
// there are of each kind.
func TestWhatwgURLVectorsInfo(t *testing.T) {
	v := loadWhatwgVectors(t)
	calls, ops := 0, 0
	for _, s := range v.Setters {
		calls += len(s.S)
	}
	for _, p := range v.Params {
		ops += len(p.P)
	}
	t.Logf("whatwg-url %s (tr46 %s, Unicode %s, %s), Go's idna tables Unicode %s: %d parse cases, %d setter sequences (%d setter calls), %d params programs (%d ops)",
		v.WhatwgURL, v.TR46, v.Unicode, v.Node, idna.UnicodeVersion, len(v.Parse), len(v.Setters), calls, len(v.Params), ops)
}
