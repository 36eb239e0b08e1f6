package browsertest

import (
	"bytes"
	"image/png"
	neturl "net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// screenshotDoc is the README's picture of the viewer.
var screenshotDoc = filepath.Join("..", "docs", "viewer.png")

// screenshotInput is what the picture shows: validation errors marked
// in the input (credentials, spaces), and a place where Chromium
// disagrees with the standard (it percent-encodes the ' in the query of
// a non-special URL).
const screenshotInput = "notspecial://user@host/a b/../c?x='1'&y=ü#f g"

// TestScreenshot takes a picture of the viewer at 1000×1250 showing
// screenshotInput; with -update it writes docs/viewer.png.
func TestScreenshot(t *testing.T) {
	ctx := newTab(t, 30*time.Second)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1000, 1250)); err != nil {
		t.Fatal(err)
	}
	openViewer(t, ctx, "?"+neturl.Values{"url": {screenshotInput}}.Encode())
	s := readPage(t, ctx)
	checkPage(t, ctx, s)
	// What the picture is for: marks in the input, a marked difference.
	if len(s.Marks) < 2 || !s.Cells["search"]["browser"].Diff || !s.Cells["href"]["browser"].Marker {
		t.Fatalf("the page shows no marks or no difference: marks %v, search %+v", s.Marks, s.Cells["search"]["browser"])
	}
	// Focus nothing, so that no caret blinks into the picture.
	if _, err := evalJS[bool](ctx, `() => { document.activeElement.blur(); window.scrollTo(0, 0); return true; }`); err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1000 || b.Dy() != 1250 {
		t.Errorf("screenshot of %v, want 1000×1250", b)
	}
	if *update {
		if err := os.WriteFile(screenshotDoc, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPhoneLayout: on a phone-sized screen the page does not scroll
// sideways (the tables scroll in their own boxes) and the text is not
// shrunk.
func TestPhoneLayout(t *testing.T) {
	ctx := newTab(t, 30*time.Second)
	mobile := func(p *emulation.SetDeviceMetricsOverrideParams, _ *emulation.SetTouchEmulationEnabledParams) {
		p.Mobile, p.DeviceScaleFactor = true, 3
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, mobile)); err != nil {
		t.Fatal(err)
	}
	openViewer(t, ctx, "?"+neturl.Values{"url": {screenshotInput + "&" + screenshotInput}}.Encode())
	got, err := evalJS[map[string]float64](ctx, `() => ({
  scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  fontSize: parseFloat(getComputedStyle(document.querySelector("#components td .value")).fontSize),
})`)
	if err != nil {
		t.Fatal(err)
	}
	if got["innerWidth"] != 390 || got["scrollWidth"] > got["innerWidth"] {
		t.Errorf("the page is %v px wide in a %v px viewport", got["scrollWidth"], got["innerWidth"])
	}
	if got["fontSize"] < 11 {
		t.Errorf("table text of %v px", got["fontSize"])
	}
}
