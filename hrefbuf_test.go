package url

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// setterNames lists the attributes with a setter, in a fixed order
// (setters, in wpt_setters_test.go, is a map).
var setterNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// heldStrings keeps what getters returned, beside a copy of each, so
// that a test can check the bytes behind them never changed.
type heldStrings struct{ got, want []string }

// hold keeps every getter's result for u.
func (h *heldStrings) hold(u *URL) {
	for _, name := range setterNames {
		s := getters[name](u)
		h.got = append(h.got, s)
		h.want = append(h.want, strings.Clone(s))
	}
}

// check fails t if any string held changed.
func (h *heldStrings) check(t *testing.T) {
	t.Helper()
	for i := range h.got {
		if h.got[i] != h.want[i] {
			t.Fatalf("a string handed out changed: %q, was %q", h.got[i], h.want[i])
		}
	}
}

// TestHrefBufferAppendsInPlace: a setter that only adds to the end of
// an href that ends where its buffer's claimed room does writes what it
// adds after it, and the old href is a prefix of the new one, unchanged.
func TestHrefBufferAppendsInPlace(t *testing.T) {
	u := MustParse("https://example.com/a?q#f")
	u.SetPathname("/b") // the first change: a buffer
	u.SetHash("")       // a prefix of the href: no write
	u.SetSearch("r=1")  // a rewrite, into the buffer's room
	old := u.Href()
	u.SetHash("top")
	if got, want := u.Href(), "https://example.com/b?r=1#top"; got != want {
		t.Fatalf("Href() = %q, want %q", got, want)
	}
	if unsafe.StringData(u.Href()) != unsafe.StringData(old) {
		t.Error("SetHash on an href without a fragment moved the href: want it extended in place")
	}
	if old != "https://example.com/b?r=1" {
		t.Errorf("the old href changed to %q", old)
	}
}

// TestHrefBufferCopiesShareNoRoom: two copies of a URL share its buffer
// but never write the same room: the first to extend its href in place
// claims the room after it, and the other writes its href further on.
func TestHrefBufferCopiesShareNoRoom(t *testing.T) {
	u := MustParse("https://example.com/a")
	u.SetPathname("/b")
	var h heldStrings
	h.hold(u)
	c := *u
	u.SetHash("one")
	c.SetHash("two")
	c.SetSearch("q")
	u.SetSearch("r")
	if got, want := u.Href(), "https://example.com/b?r#one"; got != want {
		t.Errorf("u.Href() = %q, want %q", got, want)
	}
	if got, want := c.Href(), "https://example.com/b?q#two"; got != want {
		t.Errorf("c.Href() = %q, want %q", got, want)
	}
	h.check(t)
}

// TestHrefBufferStringsStay: over a long run of setters on a URL and on
// copies of it, no string a getter returned ever changes, and each copy
// has the href that the same setters give on a URL of its own.
func TestHrefBufferStringsStay(t *testing.T) {
	values := map[string][]string{
		"href":     {"https://example.com/x/y?z#w", "http://u:p@h.example:81/"},
		"protocol": {"http", "https", "ws"},
		"username": {"user", "", "us er"},
		"password": {"pass", "", "p@ss"},
		"host":     {"example.org:8080", "h.example", "[::1]"},
		"hostname": {"www.example.net", "EXAMPLE.com"},
		"port":     {"8443", "", "80", "0443"},
		"pathname": {"/new page", "/a/../b/./c", "/", "x"},
		"search":   {"q=1", "", "?a b", "x=" + strings.Repeat("y", 200)},
		"hash":     {"top", "", "frag ment", "#ü"},
	}
	u := MustParse("https://www.example.com/archives/page.shtml?q=395704#top")
	var copies []URL
	var h heldStrings
	for i := range 3000 {
		name := setterNames[(i*7)%len(setterNames)]
		v := values[name][i%len(values[name])]
		if i%5 == 0 {
			copies = append(copies, *u)
		}
		want := MustParse(u.Href())
		wantErr := setters[name](want, v)
		err := setters[name](u, v)
		if (err != nil) != (wantErr != nil) || u.Href() != want.Href() {
			t.Fatalf("step %d, %s(%q): %q (error %v), want %q (error %v)", i, name, v, u.Href(), err, want.Href(), wantErr)
		}
		if i%3 == 0 && len(copies) > 0 {
			c := &copies[i%len(copies)]
			want := MustParse(c.Href())
			setters[name](want, v)
			setters[name](c, v)
			if c.Href() != want.Href() {
				t.Fatalf("step %d, %s(%q) on a copy: %q, want %q", i, name, v, c.Href(), want.Href())
			}
			h.hold(c)
		}
		h.hold(u)
	}
	h.check(t)
}

// TestHrefBufferBounded: a URL that saw many setters keeps one buffer,
// of at most 1 KiB or thrice its href and a little, and allocates
// about once per 1 KiB of hrefs written; a run of rewrites on a URL
// with no buffer yet allocates about once per two.
func TestHrefBufferBounded(t *testing.T) {
	for _, long := range []int{0, 2000} {
		u := MustParse("https://example.com/")
		var bufs []*hrefBuf
		written := 0
		for i := range 10000 {
			u.SetPathname(fmt.Sprintf("/%d/%s", i, strings.Repeat("p", i%50+long)))
			u.SetSearch(fmt.Sprintf("q=%d", i))
			written += 2 * len(u.Href())
			if len(bufs) == 0 || bufs[len(bufs)-1] != u.buf {
				bufs = append(bufs, u.buf)
			}
		}
		if limit := max(3*len(u.Href())+200, hrefBufGrowMax); int(u.buf.size) > limit {
			t.Errorf("href of %d bytes: after 20000 setters, the buffer holds %d bytes: want at most %d", len(u.Href()), u.buf.size, limit)
		}
		if limit := 2*written/min(hrefBufGrowMax, 2*len(u.Href())) + 10; len(bufs) > limit {
			t.Errorf("href of %d bytes: %d buffers for %d bytes written, want at most %d", len(u.Href()), len(bufs), written, limit)
		}
	}
	if invariantChecks {
		return
	}
	v := MustParse("https://www.example.com/archives/2006/02/page.shtml?q=395704&sort=desc#top")
	values := []string{"/a", "/archives/2006/02/other.shtml", "/b/c"}
	allocs := testing.AllocsPerRun(100, func() {
		for _, p := range values {
			v.SetPathname(p)
		}
	})
	if allocs > 1.5 {
		t.Errorf("three rewrites of the href: %v allocations, want about one", allocs)
	}
}

// TestRaceHrefBufferCopies: copies of one URL, each set on a goroutine
// of its own, share the buffer's room without writing the same bytes
// (go test -race -run Race .), and each ends with the href the same
// setters give alone.
func TestRaceHrefBufferCopies(t *testing.T) {
	u := MustParse("https://example.com/a/b?q=1")
	u.SetPathname("/c") // a buffer, with room
	const n = 8
	var wg sync.WaitGroup
	got := make([]string, n)
	for g := range n {
		c := *u
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				c.SetHash(fmt.Sprint(g))
				c.SetSearch(fmt.Sprintf("g=%d&i=%d", g, i))
				c.SetPort(fmt.Sprint(8000 + g))
			}
			got[g] = c.Href()
		}()
	}
	wg.Wait()
	for g := range n {
		if want := fmt.Sprintf("https://example.com:%d/c?g=%d&i=49#%d", 8000+g, g, g); got[g] != want {
			t.Errorf("goroutine %d: %q, want %q", g, got[g], want)
		}
	}
	if want := "https://example.com/c?q=1"; u.Href() != want {
		t.Errorf("the original: %q, want %q", u.Href(), want)
	}
}

// FuzzHrefBuffer runs setters, chosen by which, alternately on a URL
// and on a copy of it that shares its buffer, and checks each result
// against the same setter on a URL parsed from the href before it
// (which has no buffer), and at the end that no string a getter
// returned changed.
func FuzzHrefBuffer(f *testing.F) {
	f.Add("https://example.com/a?q#f", []byte{7, 9, 8, 9, 6, 4}, "/b", "x", "y=1", "")
	f.Add("sc://h/p", []byte{9, 9, 4, 7, 1}, "#a", "b", "h2", "/..")
	f.Add("file:///C:/a", []byte{7, 8, 9, 5}, "/..", "?q", "#f", "host")
	f.Fuzz(func(t *testing.T, href string, which []byte, v1, v2, v3, v4 string) {
		u, err := Parse(href)
		if err != nil || len(which) > 12 {
			return
		}
		values := []string{v1, v2, v3, v4}
		c := *u
		urls := []*URL{u, &c}
		var h heldStrings
		for k, b := range which {
			x := urls[k%2]
			name := setterNames[int(b)%len(setterNames)]
			v := values[k%len(values)]
			want := MustParse(x.Href())
			wantErr := setters[name](want, v)
			err := setters[name](x, v)
			if (err != nil) != (wantErr != nil) || x.Href() != want.Href() || x.components != want.components {
				t.Fatalf("%q: step %d, %s(%q): %q %+v (error %v), want %q %+v (error %v)",
					href, k, name, v, x.Href(), x.components, err, want.Href(), want.components, wantErr)
			}
			h.hold(x)
		}
		h.check(t)
	})
}

// TestHrefBufferReusedAfterSetHref: a URL reused for one URL after
// another (SetHref, as cmd/weburl does for each input line) keeps its
// buffer, whose room takes the next setters' hrefs; a buffer that runs
// out is followed by one twice its size, up to 1 KiB, so the setters
// allocate about once per 1 KiB of hrefs, whichever setter runs: the
// fragment setter too, which on a URL never given an href by SetHref
// allocates the href alone (no setter adds after a fragment).
func TestHrefBufferReusedAfterSetHref(t *testing.T) {
	if invariantChecks {
		t.Skip("counts allocations")
	}
	for _, set := range []struct {
		name, value string
		setter      func(*URL, string) error
	}{
		{"search", "q=1", (*URL).SetSearch},
		{"hash", "top", (*URL).SetHash},
		{"port", "8080", (*URL).SetPort},
		{"pathname", "/p", (*URL).SetPathname},
	} {
		t.Run(set.name+"="+set.value, func(t *testing.T) {
			lines := make([]string, 100)
			written := 0
			for i := range lines {
				lines[i] = fmt.Sprintf("https://www.example%d.com/archives/%d/page.html", i, i*7)
				written += len(lines[i]) + len(set.value) + 1
			}
			u := MustParse("https://example.com/")
			allocs := testing.AllocsPerRun(20, func() {
				for _, line := range lines {
					u.SetHref(line)
					set.setter(u, set.value)
				}
			})
			if limit := float64(written/hrefBufGrowMax + 2); allocs > limit {
				t.Errorf("%d lines, %d bytes of hrefs: %v allocations, want at most %v", len(lines), written, allocs, limit)
			}
		})
	}
}
