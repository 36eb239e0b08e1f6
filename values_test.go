package url

// A URL is a value type as netip.Addr is (docs/values.md): a copy such as
// v = append(v, *u) must pass go vet's copylocks check. That check
// reports a copy of any value that holds, not through a pointer, a type
// whose pointer has Lock and Unlock methods: a sync.Mutex, a noCopy
// marker, or any sync/atomic type (which carry a noCopy). The test walks
// URL's fields the way copylocks does.

import (
	"reflect"
	"testing"
)

// lockPath returns the path to the first field of t (a struct, array or
// other value, not through pointers, slices, maps or channels) whose
// pointer has Lock and Unlock methods, as go vet's copylocks finds it,
// or "" when there is none.
func lockPath(t reflect.Type, path string) string {
	pt := reflect.PointerTo(t)
	_, lock := pt.MethodByName("Lock")
	_, unlock := pt.MethodByName("Unlock")
	if lock && unlock {
		return path + " (" + t.String() + ")"
	}
	if t.PkgPath() == "sync/atomic" {
		return path + " (" + t.String() + ")"
	}
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if p := lockPath(f.Type, path+"."+f.Name); p != "" {
				return p
			}
		}
	case reflect.Array:
		return lockPath(t.Elem(), path+"[0]")
	}
	return ""
}

func TestURLValueHoldsNoLock(t *testing.T) {
	for _, v := range []any{URL{}} {
		typ := reflect.TypeOf(v)
		t.Run(typ.String(), func(t *testing.T) {
			if p := lockPath(typ, typ.Name()); p != "" {
				t.Errorf("copying a %s copies a lock or atomic value at %s: go vet's copylocks reports v = append(v, *u)", typ, p)
			}
		})
	}
}

// TestLockPathFindsLocks: lockPath finds what copylocks reports, so that
// the test above can fail.
func TestLockPathFindsLocks(t *testing.T) {
	if lockPath(reflect.TypeOf(SearchParams{}), "SearchParams") == "" {
		t.Error("lockPath finds no lock in SearchParams, which holds a sync.Mutex")
	}
}

// TestURLCopiesAreIndependent: URLs kept by value in a slice (a
// crawler's frontier) each keep their own href and SearchParams.
func TestURLCopiesAreIndependent(t *testing.T) {
	u := MustParse("https://example.com/a?x=1")
	sp := u.SearchParams()
	var v []URL
	v = append(v, *u)
	sp.Append("y", "2")
	v = append(v, *u)
	if got, want := v[0].Href(), "https://example.com/a?x=1"; got != want {
		t.Errorf("first copy: Href() = %q, want %q", got, want)
	}
	if got, want := v[1].Href(), "https://example.com/a?x=1&y=2"; got != want {
		t.Errorf("second copy: Href() = %q, want %q", got, want)
	}
	if got := v[1].SearchParams(); got == sp {
		t.Error("a copy of a URL shares the original's SearchParams")
	}
	v[1].SearchParams().Append("z", "3")
	if got, want := u.Href(), "https://example.com/a?x=1&y=2"; got != want {
		t.Errorf("original after a change to a copy's SearchParams: Href() = %q, want %q", got, want)
	}
	if got, want := v[1].Href(), "https://example.com/a?x=1&y=2&z=3"; got != want {
		t.Errorf("changed copy: Href() = %q, want %q", got, want)
	}
}

// TestCompareURLs: two URLs with one href are Equal and have equal
// hrefs, whatever their history; == on the values compares their
// buffers and SearchParams pointers too (docs/values.md, "Comparing
// URLs").
func TestCompareURLs(t *testing.T) {
	const href = "https://example.com/a?q=1#top"
	for name, build := range map[string]func() *URL{
		"parsed":  func() *URL { return MustParse(href) },
		"SetHref": func() *URL { u := MustParse("https://other.example/"); u.SetHref(href); return u },
		"setters": func() *URL {
			u := MustParse("https://example.com/b")
			u.SetPathname("/a")
			u.SetSearch("q=1")
			u.SetHash("top")
			return u
		},
		"SearchParams": func() *URL { u := MustParse(href); u.SearchParams(); return u },
	} {
		t.Run(name, func(t *testing.T) {
			u, v := build(), MustParse(href)
			if !u.Equal(v, false) || u.Href() != v.Href() {
				t.Errorf("%s: Equal = %v, Href %q, want equal to %q", name, u.Equal(v, false), u.Href(), v.Href())
			}
			if name != "parsed" && *u == *v {
				t.Errorf("%s: == reports equal values; docs/values.md says == compares the buffer and SearchParams pointers", name)
			}
		})
	}
}
