package browsertest

import (
	"encoding/json"
	"io"
	"net/http"
	neturl "net/url"
	"slices"
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
