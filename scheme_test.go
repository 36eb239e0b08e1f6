package url

import (
	"strconv"
	"testing"
)

// TestDefaultPort holds DefaultPort to the table of special schemes and
// to what the parser drops.
func TestDefaultPort(t *testing.T) {
	for st := schemeType(1); int(st) < len(specialSchemes); st++ {
		row := specialSchemes[st]
		t.Run(row.name, func(t *testing.T) {
			want := ""
			if row.port >= 0 {
				want = strconv.Itoa(row.port)
			}
			if got := DefaultPort(row.name); got != want {
				t.Errorf("DefaultPort(%q) = %q, want %q", row.name, got, want)
			}
			if n := testing.AllocsPerRun(10, func() { DefaultPort(row.name) }); n != 0 {
				t.Errorf("DefaultPort(%q) allocates %v times", row.name, n)
			}
			if want == "" {
				return
			}
			if u := MustParse(row.name + "://h:" + want + "/"); u.Port() != "" {
				t.Errorf("Parse kept the port %s of %s", want, row.name)
			}
		})
	}
	for in, want := range map[string]string{
		"HTTP": "80", "wsS": "443", "http:": "", "gopher": "", "": "", "file": "", "https ": "",
	} {
		t.Run(in, func(t *testing.T) {
			if got := DefaultPort(in); got != want {
				t.Errorf("DefaultPort(%q) = %q, want %q", in, got, want)
			}
		})
	}
}
