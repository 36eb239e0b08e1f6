package urlbeam

import (
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	url "github.com/weburl/url"
)

func init() {
	register.Function3x0(linkFactFn)
	register.Function1x1(factDomain)
	register.Function1x1(factDomainURL)
	register.Function1x1(domainOfPair)
	register.Function2x0(factEdge)
	register.Function3x1(domainStat)
	register.Function2x1(hostEdge)
	register.Emitter1[linkFact]()
	register.Emitter1[DomainStat]()
	register.Emitter1[HostEdge]()
	register.Iter1[int]()
}

// linkFact is what the graph needs of one link: the target's domain and
// canonical URL, and the hosts at both ends.
type linkFact struct {
	Domain, Canonical, From, To string
}

// LinkGraph summarizes links (a PCollection of [Link]) in two ways, the
// shape of Common Crawl's host graph and domain statistics:
//   - domains, a PCollection of [DomainStat]: per registrable domain of
//     the links' targets (or host, when a target has none), the number
//     of links and of distinct target URLs after canonicalization with
//     the root package's Crawler profile;
//   - edges, a PCollection of [HostEdge]: per pair of source page host
//     and target host, the number of links (links with no page give no
//     edge).
//
// Links whose target the Crawler profile refuses go to failures, stage
// "canonicalize".
func LinkGraph(s beam.Scope, links beam.PCollection) (domains, edges, failures beam.PCollection) {
	s = s.Scope("urlbeam.LinkGraph")
	facts, failures := beam.ParDo2(s, linkFactFn, links)

	perDomain := stats.Count(s, beam.ParDo(s, factDomain, facts))
	distinct := filter.Distinct(s, beam.ParDo(s, factDomainURL, facts))
	distinctPerDomain := stats.Count(s, beam.ParDo(s, domainOfPair, distinct))
	domains = beam.ParDo(s, domainStat, beam.CoGroupByKey(s, perDomain, distinctPerDomain))

	edges = beam.ParDo(s, hostEdge, stats.Count(s, beam.ParDo(s, factEdge, facts)))
	return domains, edges, failures
}

func linkFactFn(l Link, emit func(linkFact), fail func(Failure)) {
	canon, err := url.Crawler.Canonicalize(l.Href)
	if err != nil {
		fail(Failure{Stage: "canonicalize", Input: l.Href, Base: l.Page, Err: err.Error()})
		return
	}
	f := linkFact{Canonical: canon, To: hostOf(canon), Domain: domainOf(canon)}
	if l.Page != "" {
		f.From = hostOf(l.Page)
	}
	emit(f)
}

func factDomain(f linkFact) string { return f.Domain }

// factDomainURL joins a domain and a URL with a NUL, which neither can
// hold.
func factDomainURL(f linkFact) string { return f.Domain + "\x00" + f.Canonical }

func domainOfPair(pair string) string {
	d, _, _ := strings.Cut(pair, "\x00")
	return d
}

func factEdge(f linkFact, emit func(string)) {
	if f.From != "" {
		emit(f.From + "\x00" + f.To)
	}
}

func domainStat(domain string, links, distinct func(*int) bool) DomainStat {
	d := DomainStat{Domain: domain}
	var n int
	for links(&n) {
		d.Links += n
	}
	for distinct(&n) {
		d.DistinctURLs += n
	}
	return d
}

func hostEdge(pair string, n int) HostEdge {
	from, to, _ := strings.Cut(pair, "\x00")
	return HostEdge{From: from, To: to, Links: n}
}

// String formats a DomainStat as a TSV row: domain, links, distinct
// URLs.
func (d DomainStat) String() string {
	return d.Domain + "\t" + strconv.Itoa(d.Links) + "\t" + strconv.Itoa(d.DistinctURLs)
}

// String formats a HostEdge as a TSV row: from, to, links.
func (e HostEdge) String() string {
	return e.From + "\t" + e.To + "\t" + strconv.Itoa(e.Links)
}

// String formats a Failure as a TSV row: stage, input, base, error, with
// tabs and line breaks inside the fields replaced by spaces so that a
// row stays one line.
func (f Failure) String() string {
	return f.Stage + "\t" + oneLine(f.Input) + "\t" + oneLine(f.Base) + "\t" + oneLine(f.Err)
}

// String formats a Link as a TSV row: page, tag, attribute, kind, the
// link as written, href (tabs and line breaks inside fields become
// spaces).
func (l Link) String() string {
	return l.Page + "\t" + l.Tag + "\t" + l.Attr + "\t" + l.Kind + "\t" + oneLine(l.Raw) + "\t" + l.Href
}

// oneLine replaces tabs and line breaks with spaces, so that a field
// stays inside its TSV cell.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\t\r\n") {
		return s
	}
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}
