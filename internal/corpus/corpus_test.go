package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEnv: a relative value is taken from the repository root, an
// absolute one is kept, an unset one is "".
func TestEnv(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "trurl")
	for _, tc := range []struct {
		value string
		depth int
		want  string
	}{
		{"", 2, ""},
		{abs, 2, abs},
		{"../shared/wpt", 0, filepath.Join("..", "shared", "wpt")},
		{"../shared/wpt", 1, filepath.Join("..", "..", "shared", "wpt")},
		{"../shared/peers/trurl", 2, filepath.Join("..", "..", "..", "shared", "peers", "trurl")},
		{"testdata/wpt", 1, filepath.Join("..", "testdata", "wpt")},
	} {
		t.Run(tc.value, func(t *testing.T) {
			t.Setenv("CORPUS_TEST_DIR", tc.value)
			if got := Env("CORPUS_TEST_DIR", tc.depth); got != tc.want {
				t.Errorf("Env at depth %d = %q, want %q", tc.depth, got, tc.want)
			}
		})
	}
}

// TestWPT: WPT_DIR wins when set; else the repository's testdata/wpt,
// only when it holds the probe file.
func TestWPT(t *testing.T) {
	root := t.TempDir()
	pkg := filepath.Join(root, "dataurl")
	if err := os.MkdirAll(filepath.Join(root, "testdata", "wpt"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkg)

	t.Setenv("WPT_DIR", "")
	if dir, fromEnv := WPT(1, "urltestdata.json"); dir != "" || fromEnv {
		t.Errorf("no corpus: WPT = %q, %v; want \"\", false", dir, fromEnv)
	}
	if err := os.WriteFile(filepath.Join(root, "testdata", "wpt", "urltestdata.json"), []byte("[]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if dir, fromEnv := WPT(1, "urltestdata.json"); dir != filepath.Join("..", "testdata", "wpt") || fromEnv {
		t.Errorf("testdata/wpt: WPT = %q, %v; want ../testdata/wpt, false", dir, fromEnv)
	}
	t.Setenv("WPT_DIR", "elsewhere")
	if dir, fromEnv := WPT(1, "urltestdata.json"); dir != filepath.Join("..", "elsewhere") || !fromEnv {
		t.Errorf("WPT_DIR=elsewhere: WPT = %q, %v; want ../elsewhere, true", dir, fromEnv)
	}
}
