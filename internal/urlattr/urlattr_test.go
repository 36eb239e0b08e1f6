package urlattr

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestAllMatchesFields holds All's names and order to the struct's
// fields and JSON tags: a field added to Attrs and not to All (or the
// reverse) fails here.
func TestAllMatchesFields(t *testing.T) {
	a := Attrs{}
	v := reflect.ValueOf(&a).Elem()
	for i := range v.NumField() {
		v.Field(i).SetString("value of " + v.Type().Field(i).Name)
	}
	var names []string
	for name, value := range a.All() {
		names = append(names, name)
		i := len(names) - 1
		if i >= v.NumField() {
			t.Fatalf("All yields %q beyond the struct's %d fields", name, v.NumField())
		}
		f := v.Type().Field(i)
		if tag := f.Tag.Get("json"); tag != name {
			t.Errorf("All's name %d is %q; field %s is tagged %q", i, name, f.Name, tag)
		}
		if !strings.EqualFold(f.Name, name) {
			t.Errorf("All's name %d is %q; the field is %s", i, name, f.Name)
		}
		if want := "value of " + f.Name; value != want {
			t.Errorf("All gives %q the value %q, want %q", name, value, want)
		}
	}
	if len(names) != v.NumField() {
		t.Errorf("All yields %d names, the struct has %d fields", len(names), v.NumField())
	}
}

// TestAllStops checks that All stops when its consumer does.
func TestAllStops(t *testing.T) {
	n := 0
	for range (&Attrs{}).All() {
		n++
		if n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("ran %d times, want 3", n)
	}
}

// getters is a stand-in for *url.URL that answers each getter with its
// own name.
type getters struct{}

func (getters) Href() string     { return "href" }
func (getters) Origin() string   { return "origin" }
func (getters) Protocol() string { return "protocol" }
func (getters) Username() string { return "username" }
func (getters) Password() string { return "password" }
func (getters) Host() string     { return "host" }
func (getters) Hostname() string { return "hostname" }
func (getters) Port() string     { return "port" }
func (getters) Pathname() string { return "pathname" }
func (getters) Search() string   { return "search" }
func (getters) Hash() string     { return "hash" }

// TestOf checks that Of puts each getter's answer in its own field.
func TestOf(t *testing.T) {
	a := Of(getters{})
	for name, value := range a.All() {
		if value != name {
			t.Errorf("%s = %q, want %q", name, value, name)
		}
	}
}

// TestGet checks Get on every name and on one Attrs does not have.
func TestGet(t *testing.T) {
	a := Of(getters{})
	for name := range a.All() {
		if v, ok := a.Get(name); !ok || v != name {
			t.Errorf("Get(%q) = %q, %v", name, v, ok)
		}
	}
	for _, name := range []string{"searchParams", "Href", ""} {
		if v, ok := a.Get(name); ok {
			t.Errorf("Get(%q) = %q, true; want false", name, v)
		}
	}
}

// TestJSON checks that the JSON names are the URL API's, in its order.
func TestJSON(t *testing.T) {
	b, err := json.Marshal(Of(getters{}))
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"href":"href","origin":"origin","protocol":"protocol","username":"username","password":"password","host":"host","hostname":"hostname","port":"port","pathname":"pathname","search":"search","hash":"hash"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
