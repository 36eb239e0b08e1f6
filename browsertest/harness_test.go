package browsertest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// update rewrites docs/chromium-differences.md and docs/viewer.png.
var update = flag.Bool("update", false, "rewrite ../docs/chromium-differences.md and ../docs/viewer.png from this run")

// The viewer and the browser, started once by TestMain for every test.
var (
	// viewerURL is the address of the running `weburl serve`, with a
	// trailing slash.
	viewerURL string
	// browserCtx is a chromedp context of the running Chromium; each
	// test opens its own tab from it. nil if there is no browser.
	browserCtx context.Context
	// browserErr says why there is no browser.
	browserErr error
	// chromiumVersion is the browser's product, e.g.
	// "HeadlessChrome/148.0.7778.167".
	chromiumVersion string
)

// The viewer runs as the real command, `weburl serve -addr
// 127.0.0.1:0`, built from ../cmd/weburl: the tests then see what a user
// sees (the flags, the server's headers and limits, the embedded
// files), and the library exports nothing for them.
func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "weburl-browsertest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)

	stop, err := startViewer(tmp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	defer stop()

	closeBrowser, err := startBrowser(tmp)
	if err != nil {
		browserErr = err
	} else {
		defer closeBrowser()
	}
	return m.Run()
}

// startViewer builds weburl and starts `weburl serve` on a free port of
// the loopback interface; stop ends it.
func startViewer(tmp string) (stop func(), err error) {
	bin := filepath.Join(tmp, "weburl")
	// Built in the main module, with its own go.mod, as a user builds it.
	build := exec.Command("go", "build", "-o", bin, "./cmd/weburl")
	build.Dir = ".."
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building weburl: %v", err)
	}
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop = func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		stop()
		return nil, fmt.Errorf("reading the address of weburl serve: %v", err)
	}
	m := regexp.MustCompile(`(http://127\.0\.0\.1:[0-9]+/)\n$`).FindStringSubmatch(line)
	if m == nil {
		stop()
		return nil, fmt.Errorf("weburl serve said %q, not where it serves", line)
	}
	go io.Copy(io.Discard, out)
	viewerURL = m[1]
	return stop, nil
}

// chromiumPath finds the browser: $CHROMIUM, or chromium on the PATH.
func chromiumPath() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on the PATH (install Debian's chromium package, or set CHROMIUM)")
}

// startBrowser starts headless Chromium with a fresh profile and the
// flags that keep it off the network (it would otherwise hang trying to
// reach Google's services).
func startBrowser(tmp string) (closeBrowser func(), err error) {
	path, err := chromiumPath()
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1000, 1300),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	closeBrowser = func() { cancelCtx(); cancelAlloc() }
	// The first call starts the browser and must not have a deadline
	// (it would end the browser): a timer ends a start that hangs.
	hung := time.AfterFunc(60*time.Second, closeBrowser)
	v, err := chromedp.CallBrowser(ctx, browser.GetVersion, cdp.Empty{})
	if !hung.Stop() && err == nil {
		err = errors.New("no answer within 60 s")
	}
	if err != nil {
		closeBrowser()
		return nil, fmt.Errorf("starting %s: %v", path, err)
	}
	browserCtx, chromiumVersion = ctx, v.Product
	return closeBrowser, nil
}

// needBrowser fails the test when there is no browser, or skips it if
// WEBURL_SKIP_BROWSER=1 asks for that: CI must never skip silently.
func needBrowser(t *testing.T) {
	t.Helper()
	if browserErr == nil {
		return
	}
	if os.Getenv("WEBURL_SKIP_BROWSER") == "1" {
		t.Skipf("no browser (WEBURL_SKIP_BROWSER=1): %v", browserErr)
	}
	t.Fatalf("no browser: %v (set WEBURL_SKIP_BROWSER=1 to skip the browser tests)", browserErr)
}

// newTab opens a tab of the browser for the test, closed at its end,
// with a deadline for everything it does.
func newTab(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	needBrowser(t)
	ctx, cancel := chromedp.NewContext(browserCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelTimeout(); cancel() })
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

// evalJS calls the JavaScript function fn (source text) with args,
// passed as JSON, in the tab's page and decodes its result into T.
func evalJS[T any](ctx context.Context, fn string, args ...any) (T, error) {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(fn)
	b.WriteString(")(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		j, err := json.Marshal(a)
		if err != nil {
			var zero T
			return zero, err
		}
		b.Write(j)
	}
	b.WriteString(")")
	return chromedp.Run(ctx, chromedp.Evaluate[T](b.String(), chromedp.EvalAwaitPromise))
}
