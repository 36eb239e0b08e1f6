package url

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestInlining checks that the functions that must inline still do, as
// net/netip's inlining test does: Parse and its siblings are small
// wrappers around an out-of-line worker, so that a caller that does not
// keep the *URL can have it on its stack (zero allocations, TestAllocs).
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package")
	}
	//lint:ignore SA1019 the toolchain that built this test is the one whose inlining decisions matter
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		_, fn, ok := strings.Cut(line, ": can inline ")
		if !ok {
			continue
		}
		fn, _, _ = strings.Cut(fn, " ")
		got[fn] = true
	}
	for _, fn := range []string{
		"Parse",
		"(*Parser).Parse",
		"(*Parser).ParseRef",
		"(*URL).Parse",
		"(*URL).Href",
		"(*URL).Hostname",
		"(*URL).Pathname",
		"(*parser).outLen",
		"(*parser).maxLen",
		"load64",
		"NewSearchParams",         // a SearchParams not kept stays on the stack (TestSearchParamsAllocs)
		"(*URL).assertInvariants", // without the weburl_invariants tag: free
	} {
		if !got[fn] {
			t.Errorf("%s is not inlinable any more", fn)
		}
	}
}
