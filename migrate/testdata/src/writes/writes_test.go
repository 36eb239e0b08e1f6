package writes

import (
	"net/url" // want `port this file from net/url`
	"testing"
)

func TestWrite(t *testing.T) {
	u, err := url.Parse("http://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/100%"
	if u.Path != "/100%" {
		t.Errorf("Path = %q", u.Path)
	}
}
