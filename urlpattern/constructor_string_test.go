package urlpattern

import (
	"fmt"
	"testing"
)

func showInit(in Init) string {
	s := ""
	for c := range numComponents {
		if v := *in.component(c); v != nil {
			s += fmt.Sprintf("%s=%q ", c, *v)
		}
	}
	return s
}

func TestParseConstructorString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/*", `protocol="https" hostname="example.com" port="" pathname="/*" `},
		{"https://*.example.com", `protocol="https" hostname="*.example.com" port="" `},
		{"https://u\\:p@h:8080/p?q#f", `protocol="https" username="u" password="p" hostname="h" port="8080" pathname="/p" search="q" hash="f" `},
		{"https://h?q", `protocol="https" hostname="h" port="" pathname="/" search="q" `}, // a special scheme's pathname is "/"
		{"data\\:text/plain,*", `protocol="data" hostname="" port="" pathname="text/plain,*" `},
		{"data:text/plain,*", `pathname="data:text/plain,*" `}, // ":text" is a group: no protocol
		{"/books/:id", `pathname="/books/:id" `},
		{"?q=:term", `search="q=:term" `},
		{"#top", `hash="top" `},
		{"https://[\\:\\:1]:8080/", `protocol="https" hostname="[\\:\\:1]" port="8080" pathname="/" `},
		{"https://h/:id?", `protocol="https" hostname="h" port="" pathname="/:id?" `}, // "?" is the group's modifier
		{"https://{a.}?h/", `protocol="https" hostname="{a.}?h" port="" pathname="/" `},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, _, err := parseConstructorStringInto(tt.in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s := showInit(got); s != tt.want {
				t.Errorf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
}
