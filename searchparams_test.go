package url

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/weburl/url/internal/cputime"
)

func pairs(sp *SearchParams) []Param {
	var out []Param
	for n, v := range sp.All() {
		out = append(out, Param{n, v})
	}
	return out
}

func TestNewSearchParams(t *testing.T) {
	tests := []struct {
		in   string
		want []Param
	}{
		{"", nil},
		{"?", nil},
		{"??a=b", []Param{{"?a", "b"}}}, // only one '?' is removed
		{"?a=b&c", []Param{{"a", "b"}, {"c", ""}}},
		{"a=b+c&a=%20", []Param{{"a", "b c"}, {"a", " "}}},
	}
	for _, tt := range tests {
		sp := NewSearchParams(tt.in)
		if got := pairs(sp); !slices.Equal(got, tt.want) {
			t.Errorf("NewSearchParams(%q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

// urlsearchparams-append.any.js
func TestSearchParamsAppend(t *testing.T) {
	sp := NewSearchParams("")
	sp.Append("a", "b")
	sp.Append("a", "b")
	sp.Append("a", "c")
	sp.Append("", "")
	if got := sp.String(); got != "a=b&a=b&a=c&=" {
		t.Errorf("String() = %q", got)
	}
	if got := sp.GetAll("a"); !slices.Equal(got, []string{"b", "b", "c"}) {
		t.Errorf("GetAll(a) = %q", got)
	}
	if sp.Len() != 4 {
		t.Errorf("Len() = %d", sp.Len())
	}
	var zero SearchParams
	zero.Append("x", "y")
	if zero.String() != "x=y" {
		t.Errorf("zero value: %q", zero.String())
	}
}

// urlsearchparams-delete.any.js
func TestSearchParamsDelete(t *testing.T) {
	sp := NewSearchParams("a=b&c=d")
	sp.Delete("a")
	if got := sp.String(); got != "c=d" {
		t.Errorf("Delete(a): %q", got)
	}
	sp = NewSearchParams("a=a&b=b&a=a&c=c")
	sp.Delete("a")
	if got := sp.String(); got != "b=b&c=c" {
		t.Errorf("Delete(a): %q", got)
	}
	sp = NewSearchParams("a=a&=&b=b&c=c")
	sp.Delete("")
	if got := sp.String(); got != "a=a&b=b&c=c" {
		t.Errorf("Delete(\"\"): %q", got)
	}
	sp = NewSearchParams("param1&param2")
	sp.Delete("param1")
	sp.Delete("param2")
	if got := sp.String(); got != "" || sp.Len() != 0 {
		t.Errorf("all deleted: %q", got)
	}
	// With a value.
	sp = NewSearchParams("a=b&a=c&a=b&d=b")
	sp.Delete("a", "b")
	if got := sp.String(); got != "a=c&d=b" {
		t.Errorf("Delete(a, b): %q", got)
	}
	sp = NewSearchParams("a=b&a=c")
	sp.Delete("a", "d")
	if got := sp.String(); got != "a=b&a=c" {
		t.Errorf("Delete(a, d): %q", got)
	}
	sp = NewSearchParams("a=&a=b")
	sp.Delete("a", "")
	if got := sp.String(); got != "a=b" {
		t.Errorf("Delete(a, \"\"): %q", got)
	}
}

// urlsearchparams-get.any.js, urlsearchparams-getall.any.js
func TestSearchParamsGet(t *testing.T) {
	sp := NewSearchParams("a=b&c=d&a=e&f=")
	for _, tt := range []struct{ name, want string }{{"a", "b"}, {"c", "d"}, {"f", ""}, {"z", ""}} {
		if got := sp.Get(tt.name); got != tt.want {
			t.Errorf("Get(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := sp.GetAll("a"); !slices.Equal(got, []string{"b", "e"}) {
		t.Errorf("GetAll(a) = %q", got)
	}
	if got := sp.GetAll("z"); got != nil {
		t.Errorf("GetAll(z) = %q", got)
	}
	sp = NewSearchParams("first=second&third&&")
	if !sp.Has("first") || sp.Get("first") != "second" || sp.Get("third") != "" || sp.Get("fourth") != "" {
		t.Errorf("Get on %q", sp)
	}
}

// urlsearchparams-has.any.js
func TestSearchParamsHas(t *testing.T) {
	sp := NewSearchParams("a=b&c=d&&e=")
	for _, tt := range []struct {
		name  string
		value []string
		want  bool
	}{
		{"a", nil, true},
		{"c", nil, true},
		{"e", nil, true},
		{"g", nil, false},
		{"", nil, false}, // "&&" makes no pair
		{"a", []string{"b"}, true},
		{"a", []string{"c"}, false},
		{"e", []string{""}, true},
		{"a", []string{"b", "ignored"}, true},
	} {
		if got := sp.Has(tt.name, tt.value...); got != tt.want {
			t.Errorf("Has(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
	sp = NewSearchParams("a=b&a=d&c&e&")
	sp.Delete("a", "b")
	if sp.Has("a", "b") || !sp.Has("a", "d") || !sp.Has("a") {
		t.Errorf("after Delete(a, b): %q", sp)
	}
}

// urlsearchparams-set.any.js
func TestSearchParamsSet(t *testing.T) {
	sp := NewSearchParams("a=b&c=d&a=e&f=g&a=h")
	sp.Set("a", "x")
	if got := sp.String(); got != "a=x&c=d&f=g" {
		t.Errorf("Set(a, x): %q", got)
	}
	sp = NewSearchParams("c=d&a=b&a=e")
	sp.Set("a", "x") // keeps the first pair's position
	if got := sp.String(); got != "c=d&a=x" {
		t.Errorf("Set(a, x): %q", got)
	}
	sp.Set("n", "y")
	if got := sp.String(); got != "c=d&a=x&n=y" {
		t.Errorf("Set(n, y): %q", got)
	}
}

// urlsearchparams-sort.any.js
func TestSearchParamsSort(t *testing.T) {
	tests := []struct {
		in   string
		want []Param
	}{
		{"z=b&a=b&z=a&a=a", []Param{{"a", "b"}, {"a", "a"}, {"z", "b"}, {"z", "a"}}},
		{"\uFFFD=x&\uFFFC&\uFFFD=a", []Param{{"\uFFFC", ""}, {"\uFFFD", "x"}, {"\uFFFD", "a"}}},
		{"\u00e9&e\uFFFD&e\u0301", []Param{{"e\u0301", ""}, {"e\uFFFD", ""}, {"\u00e9", ""}}},
		{"z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g", []Param{
			{"a", "a"}, {"a", "b"}, {"a", "c"}, {"a", "d"}, {"a", "e"}, {"a", "f"}, {"a", "g"},
			{"z", "z"}, {"z", "y"}, {"z", "x"}, {"z", "w"}, {"z", "v"}, {"z", "u"}, {"z", "t"}}},
		{"bbb&bb&aaa&aa=x&aa=y", []Param{{"aa", "x"}, {"aa", "y"}, {"aaa", ""}, {"bb", ""}, {"bbb", ""}}},
		{"z=z&=f&=t&=x", []Param{{"", "f"}, {"", "t"}, {"", "x"}, {"z", "z"}}},
		// UTF-16 order: U+1F308 is D83C DF08, before U+FB03 and U+FFFD.
		{"\U0001F308&\uFB03&a", []Param{{"a", ""}, {"\U0001F308", ""}, {"\uFB03", ""}}},
		{"\uFFFF&\U0001F308&\U00010000", []Param{{"\U00010000", ""}, {"\U0001F308", ""}, {"\uFFFF", ""}}},
		{"x\uE000=1&x\U00010000=2&x\uD7FF=3", []Param{{"x\uD7FF", "3"}, {"x\U00010000", "2"}, {"x\uE000", "1"}}},
	}
	for _, tt := range tests {
		sp := NewSearchParams(tt.in)
		sp.Sort()
		if got := pairs(sp); !slices.Equal(got, tt.want) {
			t.Errorf("Sort of %+q = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

func TestCompareUTF16(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a", "", 1},
		{"a", "b", -1},
		{"ab", "a", 1},
		{"\U00010000", "\uFFFF", -1},
		{"\U00010000", "\uD7FF", 1},
		{"\U0010FFFF", "\U00010000", 1},
		{"\U0001F600", "\U0001F601", -1},
		{"a\u00e9", "a\u00e8", 1},
		{"\u00e9", "\u0100", -1},
		{"\u0800", "\u07ff", 1},
		{"xx\U00020000", "xx\uE000", -1},
		{"\xff", "\uFFFD", 0}, // invalid byte compares as U+FFFD
	}
	for _, tt := range tests {
		if got := compareUTF16(tt.a, tt.b); got != tt.want {
			t.Errorf("compareUTF16(%+q, %+q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := compareUTF16(tt.b, tt.a); got != -tt.want {
			t.Errorf("compareUTF16(%+q, %+q) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

// TestSortParams: sortParams (the already-sorted check, the insertion
// on positions and the cycles that move the pairs, the stable sort of
// long lists) equals a stable sort by the model's UTF-16 comparison, on
// random lists of every length around smallSortMax, sorted or not, with
// names from a small alphabet of ASCII, BMP, astral and invalid bytes
// (many ties, to see stability: the values number the pairs).
func TestSortParams(t *testing.T) {
	alphabet := []string{"a", "b", "A", "\u00e9", "\uE000", "\uFFFD", "\U00010000", "\U0001F308", "\xff", "\xe2\x82", "\x80"}
	r := rand.New(rand.NewPCG(17, 1))
	for n := 0; n <= smallSortMax+3; n++ {
		for round := range 40 {
			list := make([]Param, n)
			for k := range list {
				var name strings.Builder
				for range r.IntN(3) {
					name.WriteString(alphabet[r.IntN(len(alphabet))])
				}
				list[k] = Param{name.String(), strconv.Itoa(k)}
			}
			if round%4 == 0 { // sorted already, or sorted but for one pair
				slices.SortStableFunc(list, func(a, b Param) int { return modelCompareUTF16(a.Name, b.Name) })
				if round%8 == 0 && n > 1 {
					k := r.IntN(n - 1)
					list[k], list[k+1] = list[k+1], list[k]
				}
			}
			want := slices.Clone(list)
			slices.SortStableFunc(want, func(a, b Param) int { return modelCompareUTF16(a.Name, b.Name) })
			in := slices.Clone(list)
			sortParams(list, 0)
			if !slices.Equal(list, want) {
				t.Fatalf("sortParams(%+q) = %+q, want %+q", in, list, want)
			}
		}
	}
}

// TestCompareUTF16Model: compareUTF16 (with its shortcut where the
// names differ at an ASCII byte or an end) equals the model on random
// strings from bytes that start, continue and break UTF-8 sequences.
func TestCompareUTF16Model(t *testing.T) {
	pieces := []string{"a", "b", "\u00e9", "\u20ac", "\uE000", "\uFFFD", "\U00010000", "\U0001F308", "\xff", "\xe2", "\x82", "\xac", "\xf0\x9f"}
	r := rand.New(rand.NewPCG(17, 2))
	word := func() string {
		var b strings.Builder
		for range r.IntN(4) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 20000 {
		prefix := word()
		a, b := prefix+word(), prefix+word()
		if got, want := compareUTF16(a, b), modelCompareUTF16(a, b); got != want {
			t.Fatalf("compareUTF16(%+q, %+q) = %d, model %d", a, b, got, want)
		}
	}
}

// urlsearchparams-foreach.any.js: the iterator reads the live list.
func TestSearchParamsIterateWhileDeleting(t *testing.T) {
	sp := NewSearchParams("a=1&b=2&c=3")
	var seen []string
	for name := range sp.All() {
		seen = append(seen, name)
		if name == "a" {
			sp.Delete("a") // b moves to index 0 and is skipped
		}
	}
	if !slices.Equal(seen, []string{"a", "c"}) {
		t.Errorf("visited %q, want [a c]", seen)
	}

	sp = NewSearchParams("a=1&b=2&c=3&d=4")
	seen = nil
	for name := range sp.Keys() {
		seen = append(seen, name)
		if name == "a" {
			sp.Delete("c")
		}
	}
	if !slices.Equal(seen, []string{"a", "b", "d"}) {
		t.Errorf("visited %q, want [a b d]", seen)
	}

	// Appending during iteration: the new pairs are visited.
	sp = NewSearchParams("a=1")
	var vals []string
	for v := range sp.Values() {
		vals = append(vals, v)
		if len(vals) < 3 {
			sp.Append("x", v+"+")
		}
	}
	if !slices.Equal(vals, []string{"1", "1+", "1++"}) {
		t.Errorf("visited %q", vals)
	}

	// Breaking out stops the iteration.
	n := 0
	for range NewSearchParams("a&b&c").All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d iterations", n)
	}
}

// urlsearchparams-size.any.js
func TestSearchParamsLen(t *testing.T) {
	sp := NewSearchParams("a=1&b=2&a=3")
	if sp.Len() != 3 {
		t.Fatalf("Len() = %d", sp.Len())
	}
	sp.Delete("a")
	if sp.Len() != 1 {
		t.Errorf("after Delete: %d", sp.Len())
	}
	sp.Append("c", "")
	sp.Set("b", "x")
	if sp.Len() != 2 {
		t.Errorf("after Append/Set: %d", sp.Len())
	}
}

// urlsearchparams-stringifier.any.js
func TestSearchParamsString(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"a", "b c", "a=b+c"},
		{"a b", "1", "a+b=1"},
		{"a", "", "a="},
		{"", "", "="},
		{"a", "b+c", "a=b%2Bc"},
		{"a", "b=c", "a=b%3Dc"},
		{"a", "b&c", "a=b%26c"},
		{"a", "*-._", "a=*-._"},
		{"a", "!~'()", "a=%21%7E%27%28%29"},
		{"a", "\x00", "a=%00"},
		{"a", "\u00e9", "a=%C3%A9"},
		{"a", "\U0001F4A9", "a=%F0%9F%92%A9"},
		{"a", "%", "a=%25"},
	}
	for _, tt := range tests {
		sp := NewSearchParams("")
		sp.Append(tt.name, tt.value)
		if got := sp.String(); got != tt.want {
			t.Errorf("Append(%q, %q).String() = %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
	sp := NewSearchParams("foo=bar&foo=baz")
	if got := sp.String(); got != "foo=bar&foo=baz" {
		t.Errorf("String() = %q", got)
	}
	sp = NewSearchParams("a=b c&d=%7E")
	if got := sp.String(); got != "a=b+c&d=%7E" {
		t.Errorf("String() = %q", got)
	}
}

func TestSearchParamsReset(t *testing.T) {
	sp := NewSearchParams("a=1&b=2")
	sp.reset("c=3")
	if got := pairs(sp); !slices.Equal(got, []Param{{"c", "3"}}) {
		t.Errorf("reset: %+q", got)
	}
	sp.reset("")
	if sp.Len() != 0 || sp.String() != "" {
		t.Errorf("reset to empty: %q", sp)
	}
	sp.reset("x=%41&&y")
	if got := pairs(sp); !slices.Equal(got, []Param{{"x", "A"}, {"y", ""}}) {
		t.Errorf("reset: %+q", got)
	}
}

func TestSearchParamsNil(t *testing.T) {
	var sp *SearchParams
	if sp.Len() != 0 || sp.Get("a") != "" || sp.GetAll("a") != nil || sp.Has("a") || sp.Has("a", "b") || sp.String() != "" {
		t.Error("reading a nil *SearchParams")
	}
	for range sp.All() {
		t.Error("All on nil yielded")
	}
	for range sp.Keys() {
		t.Error("Keys on nil yielded")
	}
	for range sp.Values() {
		t.Error("Values on nil yielded")
	}
}

// BenchmarkSearchParamsAppend and the benchmarks after it run a pattern
// of growingMutations (size_test.go) at growing sizes and report the
// time per change, which stays flat when a run of changes costs time
// linear in its length.
func BenchmarkSearchParamsAppend(b *testing.B) { benchmarkMutations(b, "append") }

// BenchmarkSearchParamsAppendList is BenchmarkSearchParamsAppend on a
// SearchParams tied to no URL, then String: the cost of the list itself,
// to read BenchmarkSearchParamsAppend against in the same run.
func BenchmarkSearchParamsAppendList(b *testing.B) {
	for _, n := range mutationSizes {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var sp SearchParams
				for i := range n {
					sp.Append("k", mutationValues[i%len(mutationValues)])
				}
				_ = sp.String()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/change")
		})
	}
}

// BenchmarkSearchParamsSet: Set on one name of a URL with a long path.
func BenchmarkSearchParamsSet(b *testing.B) { benchmarkMutations(b, "set-same-name") }

// BenchmarkSearchParamsDelete: Append then Delete of one name on a URL
// with a long fragment.
func BenchmarkSearchParamsDelete(b *testing.B) { benchmarkMutations(b, "append-delete") }

// BenchmarkSearchParamsSetNew: Set of a name the list does not hold
// yet, n times.
func BenchmarkSearchParamsSetNew(b *testing.B) { benchmarkMutations(b, "set-distinct-names") }

// BenchmarkSearchParamsSort: appends, then one Sort.
func BenchmarkSearchParamsSort(b *testing.B) { benchmarkMutations(b, "append-then-sort") }

// mutationSizes are the numbers of changes the benchmarks make.
var mutationSizes = []int{256, 1 << 10, 4 << 10, 16 << 10, 64 << 10}

func benchmarkMutations(b *testing.B, name string) {
	i := slices.IndexFunc(growingMutations, func(m struct {
		name string
		run  func(n int) string
	}) bool {
		return m.name == name
	})
	run := growingMutations[i].run
	for _, n := range mutationSizes {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				run(n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/change")
		})
	}
}

// observe returns what every reading method of u gives: each exported
// method of *URL that takes no argument (a new method is covered without
// being listed here), and the ones that read with an argument. It must
// be the same for a URL whose SearchParams changed as for a URL parsed
// from the resulting href.
func observe(u *URL) string {
	var b strings.Builder
	v := reflect.ValueOf(u)
	for i := 0; i < v.NumMethod(); i++ {
		m, mt := v.Method(i), v.Type().Method(i)
		if t := m.Type(); t.NumIn() == 0 || t.NumIn() == 1 && t.IsVariadic() {
			fmt.Fprintf(&b, "%s:", mt.Name)
			for _, r := range m.Call(nil) {
				fmt.Fprintf(&b, " %v", r.Interface())
			}
			b.WriteByte('\n')
		}
	}
	base, err := u.Parse("../x?y#z")
	fmt.Fprintf(&b, "Parse: %v %v\n", base, err)
	base, err = u.Parse("#z")
	fmt.Fprintf(&b, "Parse: %v %v\n", base, err)
	text, _ := u.AppendText([]byte("text:"))
	binary, _ := u.AppendBinary([]byte("binary:"))
	fmt.Fprintf(&b, "%s %s Equal: %v %v\n", text, binary, u.Equal(u.Clone(), false), u.Equal(u.Clone(), true))
	fmt.Fprintf(&b, "JoinPath: %v\n", u.JoinPath("a", "../b"))
	return b.String()
}

// TestSearchParamsLiveURL runs random programs of SearchParams changes,
// setters and reads on a URL and checks the URL, after every step,
// against a model that runs the update steps after every change, as the
// standard writes them: the query becomes the serialized list, or null
// when that is empty. Every reading method must agree, the invariants
// must hold, and the URL's SearchParams must stay one object whose list
// follows SetSearch and SetHref.
func TestSearchParamsLiveURL(t *testing.T) {
	inputs := []string{
		"https://example.com/p?a=1&b=2&a=3#frag",
		"https://example.com/",
		"https://u:pw@example.com:8080/a/b?#",
		"sc://h/p?x=%20y&z",
		"sc:opaque path?q=1#f",
		"sc:a ?q",
		"file:///c:/dir/file?a=b",
		"blob:https://example.org/uuid?k=v",
		"https://h/?a=b%zz+c&%F0%9F%8C%88=%FF#%20",
	}
	words := []string{"a", "b", "", "a b", "\u00e9", "\xff", "&=", "+", "%41", "\U0001F308", "#", "?"}
	settersValues := map[string][]string{
		"search":   {"?x=1&y", "", "?", "q=%zz", "a b&c"},
		"hash":     {"#frag", "", "#", "x y"},
		"href":     {"https://other/p?z=9#h", "sc:x", "https://e/", "not a url"},
		"pathname": {"/new path", "", "/a?b#c"},
		"host":     {"example.org:81", "[::1]"},
		"protocol": {"ftp", "http", "wss"},
		"username": {"user", ""},
		"port":     {"99", ""},
	}
	setterNames := slices.Sorted(maps.Keys(settersValues))
	r := rand.New(rand.NewPCG(7, 11))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	programs := 1000
	if testing.Short() {
		programs = 300
	}
	for range programs {
		input := pick(inputs)
		u, model := MustParse(input), MustParse(input)
		sp := u.SearchParams()
		q, _ := model.RawQuery()
		list := NewSearchParams(q) // the model's list, tied to no URL
		var program []string
		for range 1 + r.IntN(12) {
			var step string
			switch k := r.IntN(10); {
			case k < 6: // a change to the list, then the update steps
				name, value := pick(words), pick(words)
				switch r.IntN(5) {
				case 0:
					step = fmt.Sprintf("Append(%q, %q)", name, value)
					sp.Append(name, value)
					list.Append(name, value)
				case 1:
					step = fmt.Sprintf("Set(%q, %q)", name, value)
					sp.Set(name, value)
					list.Set(name, value)
				case 2:
					step = fmt.Sprintf("Delete(%q)", name)
					sp.Delete(name)
					list.Delete(name)
				case 3:
					step = fmt.Sprintf("Delete(%q, %q)", name, value)
					sp.Delete(name, value)
					list.Delete(name, value)
				case 4:
					step = "Sort()"
					sp.Sort()
					list.Sort()
				}
				if model.href != "" {
					s := list.String()
					model.setQuery(s, s != "")
				}
			case k < 8:
				name := setterNames[r.IntN(len(setterNames))]
				value := pick(settersValues[name])
				step = fmt.Sprintf("set %s %q", name, value)
				err1, err2 := setters[name](u, value), setters[name](model, value)
				if (err1 == nil) != (err2 == nil) {
					t.Fatalf("%q: %v: error %v, model %v", input, program, err1, err2)
				}
				if (name == "search" || name == "href") && err2 == nil {
					q, _ := model.RawQuery()
					list = NewSearchParams(q)
				}
			case k < 9:
				step = "Href()"
				u.Href()
			default:
				step = "UnmarshalText"
				text, _ := model.MarshalText()
				if err := u.UnmarshalText(text); err != nil {
					t.Fatal(err)
				}
				q, _ := model.RawQuery()
				list = NewSearchParams(q)
			}
			program = append(program, step)
			if got, want := observe(u), observe(model.Clone()); got != want {
				t.Fatalf("%q: %v:\ngot\n%s\nwant\n%s", input, program, got, want)
			}
			if err := u.checkInvariants(); err != nil {
				t.Fatalf("%q: %v: %v", input, program, err)
			}
			if u.SearchParams() != sp {
				t.Fatalf("%q: %v: SearchParams() is another object", input, program)
			}
			if got, want := pairs(sp), pairs(list); !slices.Equal(got, want) {
				t.Fatalf("%q: %v: list %q, model %q", input, program, got, want)
			}
		}
	}
}

// TestSearchParamsZeroURL: the zero URL is not a URL (it has no scheme),
// so the update steps have no query to set: changes to its SearchParams
// change the list only, and the URL stays the zero URL, which every
// encoding writes as "" and reads back. Before, Append made the href
// "?a=b", which is no URL and does not survive a JSON round trip.
func TestSearchParamsZeroURL(t *testing.T) {
	var u URL
	sp := u.SearchParams()
	sp.Append("a", "b")
	sp.Set("c", "d")
	sp.Append("e", "")
	sp.Delete("e")
	sp.Sort()
	if got := sp.String(); got != "a=b&c=d" || sp.Len() != 2 {
		t.Errorf("list: %q (%d pairs), want a=b&c=d", got, sp.Len())
	}
	zero := new(URL)
	zero.SearchParams().reset("a=b&c=d") // the same list, no update steps
	if got, want := observe(&u), observe(zero); got != want {
		t.Errorf("zero URL after changes to its SearchParams:\n%s\nwant\n%s", got, want)
	}
	if err := u.checkInvariants(); err != nil {
		t.Error(err)
	}
	if u.SearchParams() != sp {
		t.Error("SearchParams() is another object")
	}

	// Every encoding round-trips it as the zero URL.
	j, err := json.Marshal(&u)
	if err != nil || string(j) != `""` {
		t.Errorf("json.Marshal = %s, %v; want \"\"", j, err)
	}
	v := MustParse("https://example.com/?x")
	if err := json.Unmarshal(j, v); err != nil || v.Href() != "" {
		t.Errorf("json.Unmarshal(%s) = %q, %v; want the zero URL", j, v.Href(), err)
	}
	text, err := u.MarshalText()
	if err != nil || len(text) != 0 {
		t.Errorf("MarshalText = %q, %v", text, err)
	}
	w := MustParse("https://example.com/?x")
	if err := w.UnmarshalText(text); err != nil || w.Href() != "" || w.SearchParams().Len() != 0 {
		t.Errorf("UnmarshalText(%q) = %q, %v", text, w.Href(), err)
	}
	type doc struct{ Link *URL }
	j, err = json.Marshal(doc{&u})
	var back doc
	if err != nil || json.Unmarshal(j, &back) != nil || back.Link.Href() != "" {
		t.Errorf("struct round trip: %s, %v, %q", j, err, back.Link)
	}

	// SetSearch cannot give the zero URL a query either.
	if err := u.SetSearch("?q"); err == nil || u.Href() != "" {
		t.Errorf("SetSearch on the zero URL: %v, %q", err, u.Href())
	}
	// Once the URL is a URL, its query is what the list follows and
	// what the changes update.
	if err := u.SetHref("https://example.com/p?q=1#f"); err != nil {
		t.Fatal(err)
	}
	if got := sp.String(); got != "q=1" {
		t.Errorf("after SetHref: list %q, want q=1", got)
	}
	sp.Append("r", "2 3")
	if got := u.Href(); got != "https://example.com/p?q=1&r=2+3#f" {
		t.Errorf("after Append: %q", got)
	}
	// Back to the zero URL: the list empties and changes stay in it.
	if err := u.UnmarshalText(nil); err != nil {
		t.Fatal(err)
	}
	sp.Append("s", "t")
	if u.Href() != "" || sp.String() != "s=t" {
		t.Errorf("zero URL again: href %q, list %q", u.Href(), sp)
	}
	if err := u.checkInvariants(); err != nil {
		t.Error(err)
	}
}

// TestSearchParamsCopiedURL: a URL copied by value (as flag.TextVar
// copies its default, here through reflect) after changes to the
// original's SearchParams shows the changed query, and then gets a
// SearchParams of its own.
func TestSearchParamsCopiedURL(t *testing.T) {
	orig := MustParse("https://h/p?a=1#f")
	orig.SearchParams().Append("b", "2")
	cp := new(URL)
	reflect.ValueOf(cp).Elem().Set(reflect.ValueOf(orig).Elem())
	if got := cp.Href(); got != "https://h/p?a=1&b=2#f" {
		t.Errorf("copy: %q", got)
	}
	if err := cp.checkInvariants(); err != nil {
		t.Error(err)
	}
	sp := cp.SearchParams()
	if sp == orig.SearchParams() || sp.String() != "a=1&b=2" {
		t.Fatalf("copy's SearchParams: %q, shared: %v", sp, sp == orig.SearchParams())
	}
	sp.Append("c", "3")
	orig.SearchParams().Delete("a")
	if got := cp.Href(); got != "https://h/p?a=1&b=2&c=3#f" {
		t.Errorf("copy after its own change: %q", got)
	}
	if got := orig.Href(); got != "https://h/p?b=2#f" {
		t.Errorf("original after its own change: %q", got)
	}
	if err := cp.SetHash(""); err != nil || cp.Href() != "https://h/p?a=1&b=2&c=3" {
		t.Errorf("copy after SetHash: %q, %v", cp.Href(), err)
	}
}

// TestSearchParamsCounts runs random changes on lists long enough for
// Set and Delete to keep counts of the names, against a plain slice
// model of the standard's list operations, and checks after each change
// the list, the counts, and Get, GetAll and Has of names present and
// absent.
func TestSearchParamsCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	names := make([]string, 60)
	for i := range names {
		names[i] = fmt.Sprintf("n%d", i)
	}
	for program := range 200 {
		u := MustParse("https://h/p#f")
		sp := u.SearchParams()
		var model []Param
		for i := range countsMinLen + r.IntN(40) {
			p := Param{names[r.IntN(len(names))], strconv.Itoa(i % 3)}
			sp.Append(p.Name, p.Value)
			model = append(model, p)
		}
		for step := range 60 {
			name, value := names[r.IntN(len(names))], strconv.Itoa(r.IntN(3))
			var op string
			switch r.IntN(8) {
			case 0, 1:
				op = "Append"
				sp.Append(name, value)
				model = append(model, Param{name, value})
			case 2, 3:
				op = "Set"
				sp.Set(name, value)
				model = modelSet(model, name, value)
			case 4:
				op = "Delete"
				sp.Delete(name)
				model = slices.DeleteFunc(model, func(p Param) bool { return p.Name == name })
			case 5:
				op = "Delete with value"
				sp.Delete(name, value)
				model = slices.DeleteFunc(model, func(p Param) bool { return p.Name == name && p.Value == value })
			case 6:
				op = "Sort"
				sp.Sort()
				slices.SortStableFunc(model, func(a, b Param) int { return strings.Compare(a.Name, b.Name) })
			case 7:
				op = "SetSearch"
				s := SerializeForm(model)
				if r.IntN(4) == 0 {
					s, model = "", nil
				}
				if err := u.SetSearch(s); err != nil {
					t.Fatal(err)
				}
			}
			where := fmt.Sprintf("program %d step %d: %s(%q, %q)", program, step, op, name, value)
			if got := pairs(sp); !slices.Equal(got, model) {
				t.Fatalf("%s: list %q, model %q", where, got, model)
			}
			if sp.counts != nil {
				want := map[string]int{}
				for _, p := range model {
					want[p.Name]++
				}
				if !maps.Equal(sp.counts, want) {
					t.Fatalf("%s: counts %v, want %v", where, sp.counts, want)
				}
			}
			for _, n := range []string{name, names[r.IntN(len(names))], "absent"} {
				all, first := modelGet(model, n)
				if sp.Get(n) != first || !slices.Equal(sp.GetAll(n), all) || sp.Has(n) != (len(all) > 0) ||
					sp.Has(n, value) != slices.Contains(all, value) {
					t.Fatalf("%s: Get/GetAll/Has(%q) disagree with %q", where, n, all)
				}
			}
			if want := "https://h/p?" + SerializeForm(model) + "#f"; len(model) > 0 && u.Href() != want {
				t.Fatalf("%s: href %q, want %q", where, u.Href(), want)
			}
		}
	}
}

// TestSearchParamsTooLong: changes to a URL's SearchParams whose
// serialization would make the href longer than a URL can hold leave
// the URL's query as it was (the offsets are 32-bit: it wrapped them),
// while the list itself changes.
func TestSearchParamsTooLong(t *testing.T) {
	const limit = 1000
	lowerHrefLimit(t, limit)
	u := MustParse("https://h/p?a=1#f")
	sp := u.SearchParams()
	sp.Append("b", strings.Repeat("~", 400)) // "~" serializes as "%7E"
	if got, want := u.Href(), "https://h/p?a=1#f"; got != want {
		t.Errorf("after an append over the limit: Href = %.80q..., want %q", got, want)
	}
	if sp.Len() != 2 {
		t.Errorf("Len = %d, want 2: the list changes", sp.Len())
	}
	if err := u.checkInvariants(); err != nil {
		t.Error(err)
	}
	sp.Delete("b")
	if got, want := u.Href(), "https://h/p?a=1#f"; got != want {
		t.Errorf("after the delete: Href = %q, want %q", got, want)
	}
	sp.Set("c", "d")
	if got, want := u.Href(), "https://h/p?a=1&c=d#f"; got != want {
		t.Errorf("within the limit again: Href = %q, want %q", got, want)
	}
}

// BenchmarkSearchParamsAppendHref appends pairs one by one to a URL's
// SearchParams (the append pattern of growingMutations) until the href
// is about 3 KB, 64 KB and 850 KB long, then reads the href once. It
// reports cpu-ns/B as BenchmarkParseHuge does: the least CPU time of
// the thread over the iterations, each after a garbage collection, per
// byte of that href. Linear time means about the same figure at every
// size.
func BenchmarkSearchParamsAppendHref(b *testing.B) {
	run := growingMutations[slices.IndexFunc(growingMutations, func(m struct {
		name string
		run  func(n int) string
	}) bool {
		return m.name == "append"
	})].run
	for _, size := range []int{3 << 10, 64 << 10, 850 << 10} {
		// The pairs of the append pattern serialize to 6.5 bytes each
		// on average ("k=", the value, "&").
		n := size * 2 / 13
		b.Run(sizeName(size), func(b *testing.B) {
			b.ReportAllocs()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			best, href := time.Duration(math.MaxInt64), 0
			for b.Loop() {
				runtime.GC()
				start := cputime.Thread()
				href = len(run(n))
				best = min(best, cputime.Thread()-start)
			}
			b.ReportMetric(float64(best.Nanoseconds())/float64(href), "cpu-ns/B")
		})
	}
}

// TestSearchParamsRaw checks a SearchParams from NewSearchParams, whose
// short list keeps its names and values as in the query until they are
// read (SearchParams.raw), against the decoded list of ParseForm, after
// each of a run of changes: every reader, the serialization and the
// order of Sort must be those of the decoded list, also once an Append
// moves the list out of the object and once a change decodes it.
func TestSearchParamsRaw(t *testing.T) {
	queries := []string{
		"",
		"?a=1&b=2",
		"caf%C3%A9=%E2%82%AC&+a=%ff&\xff=1&%zz=%2&b=c+d&a=x",
		"%F0%90%80%80=1&%EE%80%80=2&a=3&%61=4&+=5&%2B=6",
		"q=hello+world&q=caf%C3%A9&%71=x&Q=y",
		"%E0%A0=1&%ED%A0%80=2&%F4%90%80%80=3&%C3=4&%C3%A9%C3=5",
		"b=%26&a=%3D&&&c&=d&=&e=",
		strings.Repeat("n%31=v+w&", smallPairs),
		strings.Repeat("n%31=v+w&", smallPairs+1),
		// Longer than String's buffer on the stack: measured first.
		strings.Repeat("k%C3%A9="+strings.Repeat("v+%41%ff\xfe", 12)+"&", 20),
	}
	changes := []struct {
		name string
		do   func(sp *SearchParams, model []Param) []Param
	}{
		{"Sort", func(sp *SearchParams, model []Param) []Param {
			sp.Sort()
			slices.SortStableFunc(model, func(a, b Param) int { return modelCompareUTF16(a.Name, b.Name) })
			return model
		}},
		{"Append", func(sp *SearchParams, model []Param) []Param {
			sp.Append("q", "z z")
			return append(model, Param{"q", "z z"})
		}},
		{"Append past the object", func(sp *SearchParams, model []Param) []Param {
			for sp.Len() <= smallPairs {
				sp.Append("\u00e9", "%")
				model = append(model, Param{"\u00e9", "%"})
			}
			return model
		}},
		{"Set", func(sp *SearchParams, model []Param) []Param {
			sp.Set("q", "1")
			i := slices.IndexFunc(model, func(p Param) bool { return p.Name == "q" })
			if i < 0 {
				return append(model, Param{"q", "1"})
			}
			model[i].Value = "1"
			return append(model[:i+1], slices.DeleteFunc(model[i+1:], func(p Param) bool { return p.Name == "q" })...)
		}},
		{"Delete", func(sp *SearchParams, model []Param) []Param {
			sp.Delete("a")
			return slices.DeleteFunc(model, func(p Param) bool { return p.Name == "a" })
		}},
	}
	check := func(t *testing.T, sp *SearchParams, model []Param) {
		t.Helper()
		if got := pairs(sp); !slices.Equal(got, model) {
			t.Fatalf("pairs %+q, want %+q", got, model)
		}
		if got, want := sp.String(), SerializeForm(model); got != want {
			t.Fatalf("String() = %q, want %q", got, want)
		}
		if got, want := slices.Collect(sp.Keys()), modelNames(model); !slices.Equal(got, want) {
			t.Fatalf("Keys() = %+q, want %+q", got, want)
		}
		var values []string
		for _, p := range model {
			values = append(values, p.Value)
		}
		if got := slices.Collect(sp.Values()); !slices.Equal(got, values) {
			t.Fatalf("Values() = %+q, want %+q", got, values)
		}
		for _, name := range append(modelNames(model), "absent", "%61", "") {
			all, first := modelGet(model, name)
			if got := sp.Get(name); got != first {
				t.Fatalf("Get(%q) = %q, want %q", name, got, first)
			}
			if got := sp.GetAll(name); !slices.Equal(got, all) {
				t.Fatalf("GetAll(%q) = %+q, want %+q", name, got, all)
			}
			if got := sp.Has(name); got != (len(all) > 0) {
				t.Fatalf("Has(%q) = %v", name, got)
			}
			for _, v := range append(all, "absent") {
				if got, want := sp.Has(name, v), slices.Contains(all, v); got != want {
					t.Fatalf("Has(%q, %q) = %v, want %v", name, v, got, want)
				}
			}
		}
	}
	for _, q := range queries {
		for _, first := range changes {
			for _, second := range changes {
				t.Run(q+"/"+first.name+"/"+second.name, func(t *testing.T) {
					sp := NewSearchParams(q)
					model := ParseForm(strings.TrimPrefix(q, "?"))
					check(t, sp, model)
					model = first.do(sp, model)
					check(t, sp, model)
					model = second.do(sp, model)
					check(t, sp, model)
				})
			}
		}
	}
}

// modelGet returns the values of the pairs of list named name, in
// order, and the first of them ("" for none): what GetAll and Get give.
func modelGet(list []Param, name string) (all []string, first string) {
	for _, p := range list {
		if p.Name == name {
			all = append(all, p.Value)
		}
	}
	if len(all) > 0 {
		first = all[0]
	}
	return all, first
}

// modelSet is Set on the model: the first pair named name takes value
// and the later ones go, or the pair is appended.
func modelSet(list []Param, name, value string) []Param {
	i := slices.IndexFunc(list, func(p Param) bool { return p.Name == name })
	if i < 0 {
		return append(list, Param{name, value})
	}
	list[i].Value = value
	return append(list[:i+1], slices.DeleteFunc(list[i+1:], func(p Param) bool { return p.Name == name })...)
}

// modelNames returns the names of list, in order.
func modelNames(list []Param) []string {
	var names []string
	for _, p := range list {
		names = append(names, p.Name)
	}
	return names
}

// TestSearchParamsArena runs random changes on lists long enough to
// live in the arena (SearchParams.spans), standalone and a URL's,
// against a model, so that Set and Delete leave garbage and compact
// gives it back, and checks that the strings read before stay as they
// were.
func TestSearchParamsArena(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "c\u00e9", "d d", "", "%"}
	for round := range 40 {
		t.Run(strconv.Itoa(round), func(t *testing.T) {
			var b strings.Builder
			n := smallPairs - 2 + r.IntN(40)
			for i := range n {
				fmt.Fprintf(&b, "%s=%d+%%41&", FormEncode(names[r.IntN(len(names))]), i)
			}
			query := b.String()
			sp := NewSearchParams(query)
			var u *URL
			if round%2 == 1 {
				u = MustParse("https://h/p?" + query + "#f")
				sp = u.SearchParams()
			}
			model := ParseForm(query)
			type read struct{ got, want string }
			var reads []read
			for k := range 200 {
				name, value := names[r.IntN(len(names))], strconv.Itoa(r.IntN(1000))
				op := r.IntN(5)
				if k == 0 {
					op = 2 // a change first, for u.Search
				}
				switch op {
				case 0:
					sp.Append(name, value)
					model = append(model, Param{name, value})
				case 1:
					sp.Set(name, value)
					model = modelSet(model, name, value)
				case 2:
					sp.Delete(name)
					model = slices.DeleteFunc(model, func(p Param) bool { return p.Name == name })
				case 3:
					sp.Sort()
					slices.SortStableFunc(model, func(a, b Param) int { return modelCompareUTF16(a.Name, b.Name) })
				case 4:
					for name, value := range sp.All() {
						reads = append(reads, read{name, strings.Clone(name)}, read{value, strings.Clone(value)})
					}
				}
				if got := pairs(sp); !slices.Equal(got, model) {
					t.Fatalf("pairs %+q, want %+q", got, model)
				}
				if got, want := sp.String(), SerializeForm(model); got != want {
					t.Fatalf("String() = %q, want %q", got, want)
				}
				if u != nil {
					if got, want := u.Search(), "?"+SerializeForm(model); got != want && !(want == "?" && got == "") {
						t.Fatalf("Search() = %q, want %q", got, want)
					}
				}
			}
			for _, rd := range reads {
				if rd.got != rd.want {
					t.Fatalf("a name read before changed: %q, was %q", rd.got, rd.want)
				}
			}
		})
	}
}
