package links

import "testing"

// TestRefreshURL checks the shared declarative refresh steps' reading of
// a meta refresh's content.
func TestRefreshURL(t *testing.T) {
	for _, tc := range []struct {
		content string
		want    string // the URL, or "-" for none
	}{
		{"0; url=/next", "/next"},
		{"5;URL='/q?a=1'", "/q?a=1"},
		{`0; url = "x y" tail`, "x y"},
		{"0, http://example.com/", "http://example.com/"},
		{"0 http://example.com/", "http://example.com/"},
		{".5; url=/half", "/half"},
		{"1.5.6; url=/dots", "/dots"},
		{"0;'quoted' rest", "quoted"},
		{"0; url=", ""},
		{"0; uri=/x", "uri=/x"}, // not "url": the rest is the URL
		{"0; urlx", "urlx"},
		{"0", "-"},
		{"0; ", "-"},
		{"", "-"},
		{"x; url=/no", "-"},
		{"0x; url=/no", "-"},
		{"0;url='unclosed", "unclosed"},
	} {
		t.Run(tc.content, func(t *testing.T) {
			start, end, ok := refreshURL(tc.content)
			got := "-"
			if ok {
				got = tc.content[start:end]
			}
			if got != tc.want {
				t.Errorf("refreshURL(%q) = %q, want %q", tc.content, got, tc.want)
			}
		})
	}
}
