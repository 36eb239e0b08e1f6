package browsertest

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestXSS: inputs and bases holding markup and quotes appear in the page
// as text: no element is made, no script runs, no dialog opens; and the
// browser enforces the viewer's policy (Trusted Types: an HTML sink
// refuses a string).
func TestXSS(t *testing.T) {
	ctx := newTab(t, 60*time.Second)
	var dialogs atomic.Int32
	if err := chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			dialogs.Add(1)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}); err != nil {
		t.Fatal(err)
	}
	openViewer(t, ctx, "")
	before := readPage(t, ctx).Elements

	const run = `alert(1);window.xss=1`
	for _, tc := range []struct {
		input, base string
		shown       map[string]string // a cell (field/column) that must show this text
	}{
		{input: "<script>" + run + "</script>"},
		{input: `"><img src=x onerror="` + run + `">`},
		{input: `'"><svg onload='` + run + `'>`},
		{input: `https://example.com/"><img src=x onerror=` + run + `>?q=<script>` + run + `</script>#'"`,
			shown: map[string]string{"result/neturl": "ok", "search/neturl": "?q=<script>" + run + "</script>"}},
		{input: `?a=<b>x</b>&c='"&d=</td></tr></table><script>` + run + `</script>`, base: `https://example.com/"><img src=x onerror=` + run + `>`,
			shown: map[string]string{"result/weburl": "ok", "search/weburl": "?a=%3Cb%3Ex%3C/b%3E&c=%27%22&d=%3C/td%3E%3C/tr%3E%3C/table%3E%3Cscript%3Ealert(1);window.xss=1%3C/script%3E"}},
		{input: `javascript:` + run + `//<img src=x onerror=` + run + `>`,
			shown: map[string]string{"pathname/weburl": `alert(1);window.xss=1//<img src=x onerror=alert(1);window.xss=1>`}},
		{input: "sc://\"'<b>/"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			typeInto(t, ctx, tc.input, tc.base, false)
			s := readPage(t, ctx)
			checkPage(t, ctx, s)
			if s.Input != tc.input || s.MarkedText != visible(tc.input) {
				t.Errorf("input %q, marked copy %q", s.Input, s.MarkedText)
			}
			for where, want := range tc.shown {
				field, col, _ := strings.Cut(where, "/")
				if got := s.Cells[field][col].Text; !strings.HasPrefix(got, want) {
					t.Errorf("%s shows %q, want %q", where, got, want)
				}
			}
			if !sameButRows(s.Elements, before) {
				t.Errorf("elements %v, before %v", s.Elements, before)
			}
			for _, tag := range []string{"img", "svg", "b", "script", "td"} {
				if s.Elements[tag] > before[tag] && (tag != "td" || len(s.Params) == 0) {
					t.Errorf("%d <%s> elements, %d before", s.Elements[tag], tag, before[tag])
				}
			}
			ran, err := evalJS[bool](ctx, `() => window.xss !== undefined`)
			if err != nil || ran {
				t.Errorf("a script of the input ran (%v)", err)
			}
		})
	}
	if n := dialogs.Load(); n != 0 {
		t.Errorf("%d dialogs opened", n)
	}

	// The policy the viewer sends is in force: an HTML sink refuses a
	// string.
	refused, err := evalJS[string](ctx, `() => {
  try { document.getElementById("status").innerHTML = "<b>x</b>"; return "accepted"; }
  catch (e) { return e.name; }
}`)
	if err != nil || refused != "TypeError" {
		t.Errorf("innerHTML with a string: %q, %v; want a TypeError from Trusted Types", refused, err)
	}
}

// sameButRows reports whether a and b count the same elements but for
// those of the tables and lists that grow with the input (rows, cells,
// marks, list items, links, buttons).
func sameButRows(a, b map[string]int) bool {
	for _, m := range []map[string]int{a, b} {
		for tag := range m {
			switch tag {
			case "tr", "td", "span", "mark", "li", "a", "strong", "button":
				continue
			}
			if a[tag] != b[tag] {
				return false
			}
		}
	}
	return true
}
