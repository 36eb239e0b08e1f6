package main

import (
	"strings"

	url "github.com/weburl/url"
)

// compID is a component of a URL as trurl names them.
type compID uint8

const (
	compURL compID = iota
	compScheme
	compUser
	compPassword
	compOptions
	compHost
	compPort
	compPath
	compQuery
	compFragment
	compZoneID
	numComps
)

// editComponents are the names --set, --iterate and --get take: trurl's
// names, whose values are percent-decoded for --get and percent-encoded
// for --set (unless ":" asks otherwise), and the URL Standard's API
// names, whose values are the URL API's getters and setters unchanged
// (protocol ends in ":", search starts with "?", hash with "#"). host
// and port are trurl's: host is the URL Standard's hostname.
var editComponents = []struct {
	name   string
	id     compID
	whatwg bool
}{
	{"url", compURL, false},
	{"scheme", compScheme, false},
	{"user", compUser, false},
	{"password", compPassword, false},
	{"options", compOptions, false},
	{"host", compHost, false},
	{"port", compPort, false},
	{"path", compPath, false},
	{"query", compQuery, false},
	{"fragment", compFragment, false},
	{"zoneid", compZoneID, false},
	{"href", compURL, true},
	{"protocol", compScheme, true},
	{"username", compUser, true},
	{"hostname", compHost, true},
	{"pathname", compPath, true},
	{"search", compQuery, true},
	{"hash", compFragment, true},
}

// trurlName returns the trurl name of a component.
func trurlName(id compID) string { return editComponents[id].name }

// lookupComponent returns the component called name.
func lookupComponent(name string) (compID, bool, bool) {
	for _, c := range editComponents {
		if c.name == name {
			return c.id, c.whatwg, true
		}
	}
	return 0, false, false
}

// hostEnd returns the offset in u's href just after its hostname, where a
// port goes, and where the hostname starts; ok is false when u has no
// host.
func hostSpan(u *url.URL) (start, end int, ok bool) {
	if u.HostKind() == url.HostNull {
		return 0, 0, false
	}
	start = len(u.Protocol()) + 2
	if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
		start += len(user) + 1
		if pass != "" {
			start += len(pass) + 1
		}
	}
	return start, start + len(u.Hostname()), true
}

// explicitPort returns the port an input URL writes after its host, as
// written but without leading zeros (the URL Standard drops a scheme's
// default port from the URL; --keep-port shows it again), or "".
func explicitPort(input string) string {
	i := strings.Index(input, "://")
	if i < 0 {
		return ""
	}
	rest := input[i+3:]
	if j := strings.IndexAny(rest, "/?#\\"); j >= 0 {
		rest = rest[:j]
	}
	if j := strings.LastIndexByte(rest, '@'); j >= 0 {
		rest = rest[j+1:]
	}
	j := strings.LastIndexByte(rest, ':')
	if j < 0 || strings.IndexByte(rest[j:], ']') >= 0 {
		return ""
	}
	p := strings.TrimLeft(rest[j+1:], "0")
	for k := 0; k < len(p); k++ {
		if p[k] < '0' || p[k] > '9' {
			return ""
		}
	}
	if p == "" && j+1 < len(rest) {
		p = "0"
	}
	return p
}

// hrefWith returns u's href with the port written out (when u has no
// port of its own: the default port that the URL Standard drops) and
// with the hostname replaced by host when host is not "". The result
// parses to the same URL as u.
func hrefWith(u *url.URL, port, host string) string {
	href := u.Href()
	start, end, ok := hostSpan(u)
	if !ok {
		return href
	}
	if u.Port() != "" {
		port = ""
	}
	if port == "" && host == "" {
		return href
	}
	if host == "" {
		host = href[start:end]
	}
	var b strings.Builder
	b.Grow(len(href) + len(host) + len(port) + 1)
	b.WriteString(href[:start])
	b.WriteString(host)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	b.WriteString(href[end:])
	return b.String()
}
