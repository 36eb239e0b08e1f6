package links

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRootDoesNotImportHTML checks the reason this package exists: the
// root package, github.com/weburl/url, does not depend on x/net/html,
// so a program that only parses URLs links no HTML tokenizer.
func TestRootDoesNotImportHTML(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/weburl/url").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "golang.org/x/net/html") || p == "github.com/weburl/url/links" {
			t.Errorf("the root package depends on %s", p)
		}
	}
}
