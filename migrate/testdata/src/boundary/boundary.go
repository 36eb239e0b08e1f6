// Rule 5: the net/http boundary.
package boundary

import (
	"net/http"
	"net/http/httputil"
	"net/url" // want `kept: [a-z]+\.go keeps [0-9]+ uses? of net/url \(neturl\.\)` `port this file from net/url`
	"sync"
)

// get builds a request for a URL of the program.
func get(s string) (*http.Request, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest("GET", u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.URL = u
	return req, nil
}

// proxy forwards to target.
func proxy(target *url.URL) *httputil.ReverseProxy {
	return httputil.NewSingleHostReverseProxy(target)
}

// Path reads a request's URL: it stays a *net/url.URL.
func Path(r *http.Request) string {
	u := r.URL
	return u.Path + "?" + r.URL.RawQuery
}

// Jar implements http.CookieJar: its methods keep *net/url.URL.
type Jar struct {
	mu      sync.Mutex
	cookies map[string][]*http.Cookie
}

func (j *Jar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.cookies[u.Host] = cookies
}

func (j *Jar) Cookies(u *url.URL) []*http.Cookie {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.cookies[u.Host]
}

// ProxyFunc must match http.Transport.Proxy.
type ProxyFunc func(*http.Request) (*url.URL, error)

// Fixed returns a ProxyFunc that always proxies through p.
func Fixed(p string) (ProxyFunc, error) {
	u, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	return func(*http.Request) (*url.URL, error) { return u, nil }, nil
}

// Transport uses a proxy function.
func Transport(f ProxyFunc) *http.Transport {
	return &http.Transport{Proxy: f}
}

func direct(r *http.Request) (*url.URL, error) { return nil, nil }

// Direct uses a proxy function declared in the program.
func Direct() *http.Transport { return &http.Transport{Proxy: direct} }

// Exported keeps *net/url.URL in the package's API, which other packages
// compile against: the program's own parse, which only goes there, stays
// net/url's.
func Exported(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// page receives a request's URL: its field keeps *net/url.URL, and so do
// the reads through it.
type page struct {
	u *url.URL
}

func fromRequest(r *http.Request) string {
	p := page{u: r.URL}
	return p.u.Path
}

// robots is a relative reference net/url parses alone and weburl refuses
// without a base; it is only resolved against net/url values, so its parse
// stays net/url's.
var robots, _ = url.Parse("/robots.txt")

func robotsOf(r *http.Request) string { return r.URL.ResolveReference(robots).String() }
