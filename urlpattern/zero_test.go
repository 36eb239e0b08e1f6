package urlpattern

import (
	"testing"

	url "github.com/weburl/url"
)

// TestZeroAndNil: the zero Pattern, a nil *Pattern, a nil or zero List
// and a nil *url.URL argument match nothing and do not panic.
func TestZeroAndNil(t *testing.T) {
	u := url.MustParse("https://example.com/a")
	for name, p := range map[string]*Pattern{"zero": {}, "nil": nil} {
		t.Run(name, func(t *testing.T) {
			if p.Test("https://example.com/a") || p.Exec("https://example.com/a") != nil ||
				p.TestURL(u) || p.ExecURL(u) != nil || p.TestInit(Init{}) || p.ExecInit(Init{}) != nil {
				t.Error("matched")
			}
			if p.Protocol()+p.Username()+p.Password()+p.Hostname()+p.Port()+p.Pathname()+p.Search()+p.Hash() != "" || p.HasRegExpGroups() {
				t.Error("not empty")
			}
			l := NewList(p, MustNew("https://example.com/*"))
			if m, ok := l.Exec("https://example.com/a"); !ok || m.Index != 1 {
				t.Errorf("List.Exec = %v, %v; want the second pattern", m, ok)
			}
		})
	}
	p := MustNew("https://example.com/*")
	if p.TestURL(nil) || p.ExecURL(nil) != nil {
		t.Error("nil URL matched")
	}
	for name, l := range map[string]*List{"zero": {}, "nil": nil, "empty": NewList()} {
		t.Run("List/"+name, func(t *testing.T) {
			if l.Test("https://example.com/a") || l.TestURL(u) || l.TestURL(nil) || l.ExecAll("https://example.com/a") != nil ||
				l.ExecAllURL(nil) != nil || l.Len() != 0 {
				t.Error("matched")
			}
			if _, ok := l.Exec("https://example.com/a"); ok {
				t.Error("Exec matched")
			}
			if _, ok := l.ExecURL(nil); ok {
				t.Error("ExecURL matched")
			}
		})
	}
}

// TestLazyRegexpConcurrent: goroutines that match a component of a new
// pattern at once with an input the scan leaves to the regular
// expression (not ASCII; canonical URL components never are, so the
// component is called directly) compile it once and agree (run with
// -race).
func TestLazyRegexpConcurrent(t *testing.T) {
	p := MustNew("https://example.com/books/:id")
	cc := &p.components[componentPathname]
	type answer struct {
		ok     bool
		groups []Group
	}
	done := make(chan answer)
	for range 8 {
		go func() {
			ok, groups := cc.exec("/books/é", true)
			done <- answer{ok, groups}
		}()
	}
	for range 8 {
		if a := <-done; !a.ok || len(a.groups) != 1 || a.groups[0].Value != "é" {
			t.Errorf("got %+v", a)
		}
	}
	if ok, _ := cc.exec("/books/é/x", false); ok {
		t.Error("matched a second segment")
	}
}
