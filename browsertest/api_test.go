package browsertest

import (
	"encoding/json"
	"io"
	"net/http"
	neturl "net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// apiResponse is the part of /api/parse's answer the tests read.
type apiResponse struct {
	Input, Base string
	WebURL      map[string]any `json:"weburl"`
	NetURL      map[string]any `json:"netURL"`
	Validation  []struct {
		Name     string `json:"name"`
		Offset   int    `json:"offset"`
		Offset16 int    `json:"offset16"`
		Fatal    bool   `json:"fatal"`
		Link     string `json:"link"`
	} `json:"validationErrors"`
	SearchParams [][2]string `json:"searchParams"`
}

// getAPI asks the running viewer for /api/parse of input and base.
func getAPI(t *testing.T, client *http.Client, input, base string) *apiResponse {
	t.Helper()
	q := neturl.Values{"url": {input}, "base": {base}}
	resp, err := client.Get(viewerURL + "api/parse?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	var r apiResponse
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%v in %s", err, body)
	}
	return &r
}

// TestAPIURLTestData: for every urltestdata case, the running viewer's
// JSON endpoint gives the library's reading: the components, the
// failure and its reason, every validation error at its offsets (bytes
// and UTF-16 code units), and the search params.
func TestAPIURLTestData(t *testing.T) {
	cases, _ := loadURLTestData(t)
	client := &http.Client{Timeout: 10 * time.Second}
	for _, c := range cases {
		t.Run(c.name(), func(t *testing.T) {
			r := getAPI(t, client, c.Input, c.base())
			want := libRead(c.Input, c.base())
			w := r.WebURL
			if w["ok"] != want.OK {
				t.Fatalf("ok = %v, library %v (%s)", w["ok"], want.OK, want.Err)
			}
			if want.OK {
				for _, f := range fieldNames {
					if w[f] != want.Fields[f] {
						t.Errorf("%s = %q, library %q", f, w[f], want.Fields[f])
					}
				}
			} else if w["error"] != want.Err || w["errorIn"] != want.ErrIn || (want.ErrKind != "" && w["errorKind"] != want.ErrKind) {
				t.Errorf("failure %q in %v (%v), library %q in %s (%s)", w["error"], w["errorIn"], w["errorKind"], want.Err, want.ErrIn, want.ErrKind)
			}
			var got []libError
			for _, e := range r.Validation {
				got = append(got, libError{e.Name, e.Offset, e.Offset16, e.Fatal})
			}
			if !slices.Equal(got, want.Errors) {
				t.Errorf("validation errors %v, library %v", got, want.Errors)
			}
			if !slices.Equal(r.SearchParams, want.Params) && len(r.SearchParams)+len(want.Params) > 0 {
				t.Errorf("search params %q, library %q", r.SearchParams, want.Params)
			}
			if r.NetURL["ok"] != true && r.NetURL["error"] == "" {
				t.Errorf("net/url failed with no reason")
			}
		})
	}
}

// TestServedLimits: the running server (not only its handler) sends
// the security headers, refuses an input over its bound, a request
// line over its limit, another method, and a Host that is not a
// loopback name.
func TestServedLimits(t *testing.T) {
	client := &http.Client{Timeout: 10 * time.Second}
	do := func(method, target, host string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, viewerURL+target, nil)
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	for _, tc := range []struct {
		name, method, target, host string
		status                     int
	}{
		{"page", "GET", "", "", 200},
		{"page by localhost", "GET", "", "localhost", 200},
		{"input at 8 KiB", "GET", "api/parse?url=" + strings.Repeat("a", 8<<10), "", 200},
		{"input over 8 KiB", "GET", "api/parse?url=" + strings.Repeat("a", 8<<10+1), "", 413},
		{"request line over the limit", "GET", "api/parse?url=" + strings.Repeat("%41", 40<<10), "", 431},
		{"POST", "POST", "api/parse?url=x", "", 405},
		{"rebound name", "GET", "", "attacker.example", 421},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := do(tc.method, tc.target, tc.host)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if tc.status != 431 && !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
				t.Errorf("CSP %q", resp.Header.Get("Content-Security-Policy"))
			}
		})
	}
}
