package browsertest

import (
	"context"
	"fmt"
	neturl "net/url"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// cell is one cell of the components table as the page shows it.
type cell struct {
	Text   string `json:"text"`   // the value's text
	Diff   bool   `json:"diff"`   // marked as differing from weburl
	Marker bool   `json:"marker"` // the visible ≠ marker is shown
	NA     bool   `json:"na"`     // the parser has no such field
}

// mark is one highlight in the marked copy of the input.
type mark struct {
	Offset16 int    `json:"offset16"`
	Text     string `json:"text"`
	N        string `json:"n"` // the numbers of its errors in the list
}

// listedError is one item of the page's list of validation errors.
type listedError struct {
	Name     string `json:"name"`
	Offset16 int    `json:"offset16"`
	Link     string `json:"link"`
}

// pageState is what the page shows.
type pageState struct {
	Input      string                     `json:"input"`
	Base       string                     `json:"base"`
	Search     string                     `json:"search"` // location.search: the permalink
	Cells      map[string]map[string]cell `json:"cells"`  // by field, then column
	Marks      []mark                     `json:"marks"`
	MarkedText string                     `json:"markedText"`
	Errors     []listedError              `json:"errors"`
	Params     [][]string                 `json:"params"` // the search params table's rows, without the number
	Status     string                     `json:"status"`
	// Elements counts the elements of the page by tag, to show that no
	// input made one.
	Elements map[string]int `json:"elements"`
}

const readPageJS = `() => {
  const byId = (id) => document.getElementById(id);
  const cells = {};
  for (const tr of document.querySelectorAll("#components tbody tr")) {
    const row = cells[tr.dataset.field] = {};
    for (const td of tr.querySelectorAll("td")) {
      const m = td.querySelector(".marker");
      row[td.dataset.col] = {
        text: td.querySelector(".value").textContent,
        diff: td.classList.contains("diff"),
        marker: getComputedStyle(m).display !== "none" && m.textContent === "≠",
        na: td.classList.contains("na"),
      };
    }
  }
  const elements = {};
  for (const e of document.querySelectorAll("*")) elements[e.localName] = (elements[e.localName] || 0) + 1;
  return {
    input: byId("input").value, base: byId("base").value, search: location.search, cells,
    marks: [...document.querySelectorAll("#input-marked mark")].map((m) => ({offset16: +m.dataset.offset16, text: m.textContent, n: m.dataset.n})),
    markedText: byId("input-marked").textContent,
    errors: [...document.querySelectorAll("#errors li[data-name]")].map((li) => ({name: li.dataset.name, offset16: +li.dataset.offset16, link: li.querySelector("a").href})),
    params: [...document.querySelectorAll("#params tbody tr")].map((tr) => [...tr.querySelectorAll("td .value")].map((v) => v.textContent)),
    status: byId("status").textContent,
    elements,
  };
}`

// browserReading is this browser's own new URL() of what the page's
// fields hold, computed apart from the page's script.
const browserReadingJS = `() => {
  const i = document.getElementById("input").value, b = document.getElementById("base").value;
  try {
    const u = b === "" ? new URL(i) : new URL(i, b);
    return {ok: true, href: u.href, origin: u.origin, protocol: u.protocol, username: u.username, password: u.password,
      host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash};
  } catch (e) {
    return {ok: false};
  }
}`

// waitRendered waits until the page shows what its fields hold.
func waitRendered(ctx context.Context) error {
	for {
		done, err := evalJS[bool](ctx, `() => {
  const m = document.getElementById("viewer");
  return m.dataset.state === "done" && m.dataset.renderedInput === document.getElementById("input").value &&
    m.dataset.renderedBase === document.getElementById("base").value;
}`)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the page did not render: %w", ctx.Err())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// openViewer loads the viewer with the query (a permalink, or "") and
// waits for it to render.
func openViewer(t *testing.T, ctx context.Context, query string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(viewerURL+query)); err != nil {
		t.Fatal(err)
	}
	if err := waitRendered(ctx); err != nil {
		t.Fatal(err)
	}
}

// setField replaces the contents of the field id (input or base) with
// text as a user does: it selects what the field holds and types text
// over it, with key events when type_ is true (printable ASCII only),
// else as an input method inserts text (any text).
func setField(ctx context.Context, id, text string, typeKeys bool) error {
	if _, err := evalJS[bool](ctx, `(id) => { const e = document.getElementById(id); e.focus(); e.select(); return true; }`, id); err != nil {
		return err
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Backspace)); err != nil {
		return err
	}
	if text == "" {
		return nil
	}
	if typeKeys {
		return chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID(id), text))
	}
	_, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text})
	return err
}

// typeInto fills the page's fields and waits for the page to render.
func typeInto(t *testing.T, ctx context.Context, in, base string, typeKeys bool) {
	t.Helper()
	if err := setField(ctx, "input", in, typeKeys); err != nil {
		t.Fatal(err)
	}
	if err := setField(ctx, "base", base, typeKeys); err != nil {
		t.Fatal(err)
	}
	if err := waitRendered(ctx); err != nil {
		t.Fatal(err)
	}
}

// readPage returns what the page shows.
func readPage(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	s, err := evalJS[pageState](ctx, readPageJS)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// textareaValue is what a textarea holds after s is put in it: CR LF
// and lone CR become LF (the HTML standard's newline normalization).
func textareaValue(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// visible is the text of the page's marked copy of s: each C0 control
// and DEL as its Control Picture.
func visible(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r < 0x20:
			return 0x2400 + r
		case r == 0x7f:
			return 0x2421
		}
		return r
	}, s)
}

// checkPage checks everything the page shows against the library and
// against this browser's own new URL() of the fields' contents.
func checkPage(t *testing.T, ctx context.Context, s pageState) {
	t.Helper()
	want := libRead(s.Input, s.Base)
	br, err := evalJS[map[string]any](ctx, browserReadingJS)
	if err != nil {
		t.Fatal(err)
	}
	brOK := br["ok"] == true

	// weburl's column is the library's reading.
	wantResult := "ok"
	if !want.OK {
		wantResult = "failure: " + want.Err
		if want.ErrIn == "base" {
			wantResult += " (in the base)"
		}
	}
	if got := s.Cells["result"]["weburl"].Text; got != wantResult {
		t.Errorf("weburl: result %q, want %q", got, wantResult)
	}
	for _, f := range fieldNames {
		if got, w := s.Cells[f]["weburl"].Text, want.Fields[f]; got != w {
			t.Errorf("weburl: %s = %q, library %q", f, got, w)
		}
	}

	// The browser's column is the browser's own reading, and a cell is
	// marked exactly where it differs from weburl's.
	if got := s.Cells["result"]["browser"]; (got.Text == "ok") != brOK || (!brOK && !strings.HasPrefix(got.Text, "failure: TypeError")) {
		t.Errorf("browser: result %q, new URL() ok = %v", got.Text, brOK)
	}
	if c := s.Cells["result"]["browser"]; c.Diff != (brOK != want.OK) || c.Marker != c.Diff {
		t.Errorf("browser: result marked %v (marker %v), want %v", c.Diff, c.Marker, brOK != want.OK)
	}
	for _, f := range fieldNames {
		c := s.Cells[f]["browser"]
		if f == "hostKind" {
			if !c.NA || c.Text != "n/a" || c.Diff {
				t.Errorf("browser: host kind %+v, want n/a", c)
			}
			continue
		}
		wantText, _ := br[f].(string)
		if c.Text != wantText {
			t.Errorf("browser: %s = %q, new URL() says %q", f, c.Text, wantText)
		}
		wantDiff := brOK && want.OK && wantText != want.Fields[f]
		if c.Diff != wantDiff || c.Marker != wantDiff {
			t.Errorf("browser: %s marked %v (marker %v), want %v (%q vs weburl's %q)", f, c.Diff, c.Marker, wantDiff, wantText, want.Fields[f])
		}
	}
	// net/url's column: marked exactly where it shows another value.
	netOK := s.Cells["result"]["neturl"].Text == "ok"
	for _, f := range fieldNames {
		c := s.Cells[f]["neturl"]
		wantDiff := netOK && want.OK && !c.NA && c.Text != want.Fields[f]
		if c.Diff != wantDiff || c.Marker != wantDiff {
			t.Errorf("net/url: %s = %q marked %v, want %v", f, c.Text, c.Diff, wantDiff)
		}
	}

	// The validation errors, listed and marked at their UTF-16 offsets.
	var listed, wantListed []listedError
	for _, e := range s.Errors {
		listed = append(listed, listedError{Name: e.Name, Offset16: e.Offset16})
		if !strings.HasPrefix(e.Link, "https://url.spec.whatwg.org/#") {
			t.Errorf("error %s links to %q", e.Name, e.Link)
		}
	}
	var offsets []int
	for _, e := range want.Errors {
		wantListed = append(wantListed, listedError{Name: e.Name, Offset16: e.Offset16})
		offsets = append(offsets, e.Offset16)
	}
	if !slices.Equal(listed, wantListed) {
		t.Errorf("errors listed %v, library %v", listed, wantListed)
	}
	slices.Sort(offsets)
	offsets = slices.Compact(offsets)
	vis := utf16.Encode([]rune(visible(s.Input)))
	if s.MarkedText != visible(s.Input) {
		t.Errorf("marked copy %q, want %q", s.MarkedText, visible(s.Input))
	}
	if len(s.Marks) != len(offsets) {
		t.Fatalf("marks %v, want one at each of %v", s.Marks, offsets)
	}
	for i, m := range s.Marks {
		if m.Offset16 != offsets[i] {
			t.Errorf("mark %d at %d, want %d", i, m.Offset16, offsets[i])
			continue
		}
		n := 0 // the code point there: none at the end, 2 units for a surrogate pair
		if off := m.Offset16; off < len(vis) {
			n = 1
			if utf16.IsSurrogate(rune(vis[off])) && off+1 < len(vis) {
				n = 2
			}
		}
		if wantText := string(utf16.Decode(vis[m.Offset16 : m.Offset16+n])); m.Text != wantText {
			t.Errorf("mark at %d holds %q, want %q", m.Offset16, m.Text, wantText)
		}
	}

	// The search params: weburl's pairs, then the browser's.
	for i, p := range want.Params {
		if i >= len(s.Params) || s.Params[i][0] != p[0] || s.Params[i][1] != p[1] {
			t.Errorf("search params %q, library %q", s.Params, want.Params)
			break
		}
	}
	if len(s.Params) < len(want.Params) {
		t.Errorf("search params %q, library %q", s.Params, want.Params)
	}
}

// samplePage picks some 40 urltestdata cases to type into the page:
// every 25th, and the first few holding non-ASCII text, a tab or a
// newline, a failure, and a base that fails.
func samplePage(cases []wptCase) []wptCase {
	var sample []wptCase
	nonASCII, controls := 0, 0
	for i, c := range cases {
		take := i%25 == 0
		if strings.ContainsFunc(c.Input, func(r rune) bool { return r > 0x7f }) && nonASCII < 6 {
			take, nonASCII = true, nonASCII+1
		}
		if strings.ContainsAny(c.Input, "\t\n\r") && controls < 3 {
			take, controls = true, controls+1
		}
		if take {
			sample = append(sample, c)
		}
	}
	return sample
}

// printableASCII reports whether s can be typed with key events.
func printableASCII(s string) bool {
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			return false
		}
	}
	return true
}

// TestPageURLTestData types a sample of urltestdata inputs into the
// page and checks what it shows: weburl's column is the library's,
// the browser's is the browser's own new URL(), differences are marked
// exactly where they are, and the validation errors are listed and
// marked at the right offsets.
func TestPageURLTestData(t *testing.T) {
	cases, _ := loadURLTestData(t)
	ctx := newTab(t, 90*time.Second)
	openViewer(t, ctx, "")
	for i, c := range samplePage(cases) {
		t.Run(c.name(), func(t *testing.T) {
			// Every fourth printable input is typed key by key.
			keys := i%4 == 0 && printableASCII(c.Input) && printableASCII(c.base())
			typeInto(t, ctx, c.Input, c.base(), keys)
			s := readPage(t, ctx)
			if s.Input != textareaValue(c.Input) || s.Base != textareaValue(c.base()) {
				t.Fatalf("the fields hold %q and %q", s.Input, s.Base)
			}
			checkPage(t, ctx, s)
		})
	}
}

// TestPageMarksNonASCII: validation errors after non-ASCII text are
// marked at their UTF-16 offsets, not at their byte offsets; one after
// a code point outside the BMP is two code units on.
func TestPageMarksNonASCII(t *testing.T) {
	ctx := newTab(t, 30*time.Second)
	openViewer(t, ctx, "")
	for _, tc := range []struct {
		input, base string
		marked      []string // the texts of the marks, in order
	}{
		{"https://ü.example/a b", "", []string{" "}},
		{"https://例え.テスト/😀 😀%zz\\x", "", []string{" ", "%", "\\"}},
		{"https://u:p@日本.example:99999/", "", []string{"@", "9"}},
		{"\\\\😀 x", "https://example.com/", []string{"\\", "\\", "😀"}}, // a host that fails at its start, a surrogate pair
		{"http://[::1", "", []string{"["}},
		{"https://", "", []string{""}}, // host-missing at the end of the input
	} {
		t.Run(tc.input, func(t *testing.T) {
			typeInto(t, ctx, tc.input, tc.base, false)
			s := readPage(t, ctx)
			checkPage(t, ctx, s)
			var got []string
			for _, m := range s.Marks {
				got = append(got, m.Text)
			}
			if !slices.Equal(got, tc.marked) {
				t.Errorf("marks %q, want %q (%v)", got, tc.marked, s.Marks)
			}
			// Clicking an error's offset selects its place in the input.
			last := len(s.Errors) - 1
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf("#errors li:nth-child(%d) button.at", last+1)))); err != nil {
				t.Fatal(err)
			}
			sel, err := evalJS[[]int](ctx, `() => { const f = document.getElementById("input"); return [f.selectionStart, f.selectionEnd]; }`)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(s.Marks, func(m mark) bool { return m.Offset16 == s.Errors[last].Offset16 })
			if i < 0 || sel[0] != s.Errors[last].Offset16 || sel[1]-sel[0] != len(utf16.Encode([]rune(s.Marks[i].Text))) {
				t.Errorf("selection %v for the error at %d (marks %v)", sel, s.Errors[last].Offset16, s.Marks)
			}
		})
	}
}

// TestPermalink: the page's address holds the input and base; loading
// it restores them, and typing updates it in place.
func TestPermalink(t *testing.T) {
	ctx := newTab(t, 30*time.Second)
	input, base := "../a b?x=1&y=é#f", "HTTP://user@Example.COM/dir/page"
	openViewer(t, ctx, "?"+neturl.Values{"url": {input}, "base": {base}}.Encode())
	s := readPage(t, ctx)
	if s.Input != input || s.Base != base {
		t.Fatalf("restored %q against %q, want %q against %q", s.Input, s.Base, input, base)
	}
	checkPage(t, ctx, s)
	if s.Cells["href"]["weburl"].Text != "http://user@example.com/a%20b?x=1&y=%C3%A9#f" {
		t.Errorf("href %q", s.Cells["href"]["weburl"].Text)
	}

	// Typing one more character: the address follows, with no new
	// history entry.
	histBefore, err := evalJS[int](ctx, `() => history.length`)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("input")), chromedp.KeyEvent(kb.End), chromedp.KeyEvent("z")); err != nil {
		t.Fatal(err)
	}
	if err := waitRendered(ctx); err != nil {
		t.Fatal(err)
	}
	s = readPage(t, ctx)
	if s.Input != input+"z" {
		t.Fatalf("input %q after typing z", s.Input)
	}
	params, err := evalJS[map[string]string](ctx, `() => Object.fromEntries(new URLSearchParams(location.search))`)
	if err != nil {
		t.Fatal(err)
	}
	if params["url"] != input+"z" || params["base"] != base {
		t.Errorf("the address holds %q", params)
	}
	if histAfter, _ := evalJS[int](ctx, `() => history.length`); histAfter != histBefore {
		t.Errorf("history grew from %d to %d", histBefore, histAfter)
	}

	// The address, loaded again, restores the page.
	link, err := evalJS[string](ctx, `() => location.search`)
	if err != nil {
		t.Fatal(err)
	}
	openViewer(t, ctx, link)
	if s2 := readPage(t, ctx); s2.Input != s.Input || s2.Base != s.Base || s2.Cells["href"]["weburl"] != s.Cells["href"]["weburl"] {
		t.Errorf("reloaded: %q against %q, href %q", s2.Input, s2.Base, s2.Cells["href"]["weburl"].Text)
	}
}

// TestPageTooLong: an input the server refuses (over 8 KiB of UTF-8,
// though within the field's 8192 UTF-16 units) is reported on the page.
func TestPageTooLong(t *testing.T) {
	ctx := newTab(t, 30*time.Second)
	openViewer(t, ctx, "")
	long := "https://example.com/" + strings.Repeat("é", 5000)
	if err := setField(ctx, "input", long, false); err != nil {
		t.Fatal(err)
	}
	for {
		st, err := evalJS[[]string](ctx, `() => [document.getElementById("viewer").dataset.state, document.getElementById("status").textContent, document.getElementById("input").value]`)
		if err != nil {
			t.Fatal(err)
		}
		if st[0] == "error" {
			if st[2] != long || !strings.Contains(st[1], "at most 8192 bytes") {
				t.Errorf("field of %d units, status %q", len(utf16.Encode([]rune(st[2]))), st[1])
			}
			break
		}
		if st[0] == "done" && st[2] == long {
			t.Fatalf("the page parsed an input of %d bytes", len(long))
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The address is not touched on loading, only by edits.
	openViewer(t, ctx, "")
	if search, err := evalJS[string](ctx, `() => location.search`); err != nil || search != "" {
		t.Errorf("on loading, the address became %q (%v)", search, err)
	}
}
