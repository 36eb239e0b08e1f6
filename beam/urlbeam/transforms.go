package urlbeam

import (
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	url "github.com/weburl/url"
)

func init() {
	register.Function3x0(parseFn)
	register.Function3x0(resolveFn)
	register.DoFn3x0[string, func(string), func(Failure)](&canonicalizeFn{})
	register.Function1x2(hostKey)
	register.Function1x2(domainKey)
	register.Emitter1[string]()
	register.Emitter1[Failure]()
}

// ParseURLs parses each line of lines (a PCollection of string) as an
// absolute URL. It returns the URLs' hrefs, and the lines that are not
// URLs as [Failure] rows of stage "parse". Empty lines are skipped.
func ParseURLs(s beam.Scope, lines beam.PCollection) (hrefs, failures beam.PCollection) {
	s = s.Scope("urlbeam.ParseURLs")
	return beam.ParDo2(s, parseFn, lines)
}

func parseFn(line string, emit func(string), fail func(Failure)) {
	if line == "" {
		return
	}
	u, err := url.Parse(line)
	if err != nil {
		fail(Failure{Stage: "parse", Input: line, Err: err.Error()})
		return
	}
	emit(u.Href())
}

// Resolve resolves each [Ref] (a PCollection of Ref) against its base as
// the URL Standard's parser does, and returns the hrefs, and the
// references that fail (or whose base fails) as [Failure] rows of stage
// "resolve".
func Resolve(s beam.Scope, refs beam.PCollection) (hrefs, failures beam.PCollection) {
	s = s.Scope("urlbeam.Resolve")
	return beam.ParDo2(s, resolveFn, refs)
}

func resolveFn(r Ref, emit func(string), fail func(Failure)) {
	u, err := url.Parse(r.Ref, r.Base)
	if err != nil {
		fail(Failure{Stage: "resolve", Input: r.Ref, Base: r.Base, Err: err.Error()})
		return
	}
	emit(u.Href())
}

// Profile names a canonicalization profile of the root package:
// [Crawler] (url.Crawler) or [SafeBrowsing] (url.SafeBrowsing).
type Profile string

// The canonicalization profiles.
const (
	Crawler      Profile = "crawler"
	SafeBrowsing Profile = "safebrowsing"
)

func (p Profile) canonicalizer() (url.Canonicalizer, error) {
	switch p {
	case Crawler:
		return url.Crawler, nil
	case SafeBrowsing:
		return url.SafeBrowsing, nil
	}
	return url.Canonicalizer{}, fmt.Errorf("urlbeam: unknown canonicalization profile %q", string(p))
}

// Canonicalize canonicalizes each URL of urls (a PCollection of string)
// with profile, and returns the canonical URLs, and the URLs the profile
// refuses as [Failure] rows of stage "canonicalize". An unknown profile
// is an error at construction.
func Canonicalize(s beam.Scope, profile Profile, urls beam.PCollection) (canonical, failures beam.PCollection, err error) {
	if _, err := profile.canonicalizer(); err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	s = s.Scope("urlbeam.Canonicalize")
	canonical, failures = beam.ParDo2(s, &canonicalizeFn{Profile: profile}, urls)
	return canonical, failures, nil
}

type canonicalizeFn struct {
	Profile Profile
}

func (f *canonicalizeFn) ProcessElement(in string, emit func(string), fail func(Failure)) {
	c, err := f.Profile.canonicalizer()
	if err == nil {
		var out string
		if out, err = c.Canonicalize(in); err == nil {
			emit(out)
			return
		}
	}
	fail(Failure{Stage: "canonicalize", Input: in, Err: err.Error()})
}

// KeyByHost keys each href of hrefs (a PCollection of serialized URLs)
// by its host (the hostname, without the port; "" for a URL with no
// host), giving a PCollection of KV<string, string>.
func KeyByHost(s beam.Scope, hrefs beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("urlbeam.KeyByHost"), hostKey, hrefs)
}

// KeyByRegistrableDomain keys each href of hrefs by its registrable
// domain (url.URL.RegistrableDomain), or by its hostname when it has
// none (an IP address, a public suffix, localhost), giving a PCollection
// of KV<string, string>.
func KeyByRegistrableDomain(s beam.Scope, hrefs beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("urlbeam.KeyByRegistrableDomain"), domainKey, hrefs)
}

func hostKey(href string) (string, string) {
	return hostOf(href), href
}

func domainKey(href string) (string, string) {
	return domainOf(href), href
}

// hostOf returns the hostname of href, or "" when href is not a URL.
func hostOf(href string) string {
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// domainOf returns the registrable domain of href, or its hostname when
// it has none.
func domainOf(href string) string {
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if d := u.RegistrableDomain(); d != "" {
		return d
	}
	return u.Hostname()
}
