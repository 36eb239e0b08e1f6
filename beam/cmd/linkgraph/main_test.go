package main

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/weburl/url/beam/urlbeam"
	"google.golang.org/grpc"
)

func TestMain(m *testing.M) { ptest.Main(m) }

func sortedLines(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// sampleLinks is a small link list of every kind of line: a relative
// link, hosts in two cases, a port, a host that fails, a page with no
// link, a line that is no URL.
var sampleLinks = []string{
	"https://a.example.com/page\t/x",
	"https://a.example.com/page\thttps://b.example.com/y?q",
	"https://a.example.com/other\thttps://B.EXAMPLE.COM/y?q#frag",
	"https://c.example.org/\thttps://d.example.org:8080/",
	"https://c.example.org/\thttps://exa mple.com/",
	"http://192.0.2.1/",
	"not a url",
}

// TestLinkGraph runs the command's pipeline on Prism over a small link
// list and checks the three files it writes.
func TestLinkGraph(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "links.txt")
	os.WriteFile(in, []byte(strings.Join(append(slices.Clone(sampleLinks), ""), "\n")), 0o644)
	out := filepath.Join(dir, "out")
	p, err := build(config{job: urlbeam.Job{Input: in, Format: "urls", Output: out, MaxPageBytes: 1 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if got, want := sortedLines(t, out+".domains-00000-of-00001.tsv"), []string{
		"192.0.2.1\t1\t1",
		"example.com\t3\t2",
		"example.org\t1\t1",
	}; !slices.Equal(got, want) {
		t.Errorf("domains:\n%q\nwant\n%q", got, want)
	}
	if got, want := sortedLines(t, out+".hosts-00000-of-00001.tsv"), []string{
		"a.example.com\ta.example.com\t1",
		"a.example.com\tb.example.com\t2",
		"c.example.org\td.example.org\t1",
	}; !slices.Equal(got, want) {
		t.Errorf("hosts:\n%q\nwant\n%q", got, want)
	}
	failures := sortedLines(t, out+".failures-00000-of-00001.tsv")
	if len(failures) != 2 || !strings.HasPrefix(failures[0], "link\thttps://exa mple.com/\thttps://c.example.org/\t") ||
		!strings.HasPrefix(failures[1], "link\tnot a url\t\t") {
		t.Errorf("failures: %q", failures)
	}
}

func TestBuildErrors(t *testing.T) {
	for name, j := range map[string]urlbeam.Job{
		"no -input":          {Format: "urls", Output: "x"},
		"-format=pdf":        {Input: "x", Format: "pdf", Output: "x"},
		"-output-format=csv": {Input: "x", Format: "urls", Output: "x", Write: urlbeam.WriteOptions{Format: "csv"}},
		"s3x://bucket/x":     {Input: "x", Format: "urls", Output: "s3x://bucket/x"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := build(config{job: j}); err == nil {
				t.Error("Beam: accepted")
			}
			_, err := runEmbedded(context.Background(), config{job: j, memory: "64MiB"}, io.Discard, false)
			var usage usageError
			if !errors.As(err, &usage) {
				t.Errorf("embedded: %v, want a usage error", err)
			}
		})
	}
}

// TestFilesystems checks that the command links in the filesystems its
// documented cluster commands write to: building the pipeline for
// s3:// and gs:// outputs does not fail.
func TestFilesystems(t *testing.T) {
	for _, out := range []string{"s3://bucket/graph", "gs://bucket/graph"} {
		t.Run(out, func(t *testing.T) {
			if _, err := build(config{job: urlbeam.Job{Input: "x", Format: "urls", Output: out}}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestEndpointTimeout checks -connect-timeout: a job server endpoint
// that refuses the connection, one that accepts TCP and never speaks
// gRPC, and one that is not an address are each an error within the
// timeout (not a hang), saying so; a gRPC server answers.
func TestEndpointTimeout(t *testing.T) {
	const timeout = time.Second
	refused, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusedAddr := refused.Addr().String()
	refused.Close() // nothing listens there now

	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() { // accept, read and never answer
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			go io.Copy(io.Discard, c)
		}
	}()

	for _, tc := range []struct {
		name, endpoint, says string
		is                   error
	}{
		{"refused", refusedAddr, "connection refused", syscall.ECONNREFUSED},
		{"silent", silent.Addr().String(), "does not answer gRPC within 1s", nil},
		{"bad endpoint", "bad endpoint", "bad endpoint", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			err := checkEndpoint(tc.endpoint, timeout)
			d := time.Since(start)
			if err == nil {
				t.Fatalf("checkEndpoint(%q): no error", tc.endpoint)
			}
			if !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "job server ") {
				t.Errorf("checkEndpoint(%q) = %q, want %q in it", tc.endpoint, err, tc.says)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("checkEndpoint(%q) = %v, not %v", tc.endpoint, err, tc.is)
			}
			if d > timeout+time.Second {
				t.Errorf("checkEndpoint(%q) took %v, timeout %v", tc.endpoint, d, timeout)
			}
		})
	}

	t.Run("grpc", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := grpc.NewServer()
		go srv.Serve(l)
		defer srv.Stop()
		if err := checkEndpoint(l.Addr().String(), timeout); err != nil {
			t.Errorf("checkEndpoint of a gRPC server: %v", err)
		}
	})
}
