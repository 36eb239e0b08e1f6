package charset

import (
	"errors"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/weburl/url"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		label, name string
	}{
		{"utf-8", "utf-8"},
		{" \tUTF8\n", "utf-8"},
		{"latin1", "windows-1252"},
		{"ISO-8859-1", "windows-1252"},
		{"sjis", "shift_jis"},
		{"x-gbk", "gbk"},
		{"csiso2022kr", "replacement"},
		{"x-user-defined", "x-user-defined"},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			enc, err := Lookup(tt.label)
			if err != nil {
				t.Fatalf("Lookup(%q): %v", tt.label, err)
			}
			if name, _ := htmlindex.Name(enc); name != tt.name {
				t.Errorf("Lookup(%q) = %s, want %s", tt.label, name, tt.name)
			}
		})
	}
	for _, label := range []string{"", "utf-9", "\u212Aoi8-r", "utf-8\u00a0", "\u0085utf-8"} {
		t.Run(label, func(t *testing.T) {
			enc, err := Lookup(label)
			var e *url.Error
			if !errors.Is(err, ErrUnknownLabel) || !errors.As(err, &e) || e.Op != "look up encoding" || e.Input != label || enc != nil {
				t.Errorf("Lookup(%q) = %v, %v; want a *url.Error wrapping ErrUnknownLabel", label, enc, err)
			}
		})
	}
}
