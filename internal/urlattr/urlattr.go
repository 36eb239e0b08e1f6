// Package urlattr declares the attributes of the URL Standard's URL API
// (href, origin, protocol, username, password, host, hostname, port,
// pathname, search, hash) as one struct: the one record of them that the
// CLI's JSON output, the WPT harness and the browser tests share, so that
// a field added or renamed in one place is added or renamed everywhere.
//
// It imports nothing of the module, so that the root package's own tests
// may use it; [Of] reads any value with the URL API's getters, as
// *url.URL has.
package urlattr

import "iter"

// Attrs are a URL's attributes under their names in the URL API, which
// are also their JSON names (as in urltestdata.json and new URL() in a
// browser). Origin is "" where a source does not give it: the origin of
// a URL is never serialized as "" (an opaque origin is "null").
type Attrs struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// Getters are the URL API's getters of [Attrs]' fields; *url.URL has
// them all.
type Getters interface {
	Href() string
	Origin() string
	Protocol() string
	Username() string
	Password() string
	Host() string
	Hostname() string
	Port() string
	Pathname() string
	Search() string
	Hash() string
}

// Of reads u's getters.
func Of(u Getters) Attrs {
	return Attrs{
		Href: u.Href(), Origin: u.Origin(), Protocol: u.Protocol(),
		Username: u.Username(), Password: u.Password(), Host: u.Host(),
		Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
}

// All yields each attribute's name and value, in the order of Attrs'
// fields (href first, hash last).
func (a *Attrs) All() iter.Seq2[string, string] {
	return func(yield func(name, value string) bool) {
		_ = yield("href", a.Href) && yield("origin", a.Origin) &&
			yield("protocol", a.Protocol) && yield("username", a.Username) &&
			yield("password", a.Password) && yield("host", a.Host) &&
			yield("hostname", a.Hostname) && yield("port", a.Port) &&
			yield("pathname", a.Pathname) && yield("search", a.Search) &&
			yield("hash", a.Hash)
	}
}

// Get is the attribute named name, and whether Attrs has one so named.
func (a *Attrs) Get(name string) (string, bool) {
	for n, v := range a.All() {
		if n == name {
			return v, true
		}
	}
	return "", false
}
