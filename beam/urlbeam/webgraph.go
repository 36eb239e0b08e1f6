package urlbeam

import (
	"net/netip"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	url "github.com/weburl/url"
)

func init() {
	for _, t := range []any{Vertex{}, Edge{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
	register.DoFn3x0[Link, func(string), func(string)](&graphEndsFn{})
	register.Function2x1(pairName)
	register.DoFn2x0[string, func(string)](&pairNamesFn{})
	register.Function1x2(vertexByName)
	register.Function1x2(pairByFrom)
	register.Function4x0(joinFrom)
	register.Function4x0(joinTo)
	register.Function2x1(namedEdge)
	register.Emitter1[Edge]()
	register.Emitter2[string, string]()
	register.Iter1[string]()
	register.Iter1[int64]()
}

// Vertex is a node of a host or domain graph: a dense id (0 to the
// number of vertices minus one) and the host or domain name.
type Vertex struct {
	ID   int64
	Name string
}

// Edge is an edge of a host or domain graph between vertex ids, with the
// number of links it stands for.
type Edge struct {
	From, To int64
	Links    int
}

// String formats a Vertex as cc-webgraph's vertices files have it: id,
// tab, name.
func (v Vertex) String() string { return strconv.FormatInt(v.ID, 10) + "\t" + v.Name }

// String formats an Edge as a TSV row: from id, to id, links. The first
// two columns are cc-webgraph's edges files (`cut -f1,2`).
func (e Edge) String() string {
	return strconv.FormatInt(e.From, 10) + "\t" + strconv.FormatInt(e.To, 10) + "\t" + strconv.Itoa(e.Links)
}

// Graph is a host-level or domain-level web graph, in the shape
// Common Crawl publishes and cc-webgraph reads.
type Graph struct {
	// Vertices is a PCollection of [Vertex]: every host (or domain) of
	// a visited page or at either end of a link.
	Vertices beam.PCollection
	// Edges is a PCollection of [Edge]: one per pair of distinct
	// vertices that links join, with the number of links. Self-loops
	// (links within a host) are left out, as cc-webgraph leaves them out.
	Edges beam.PCollection
	// Named is a PCollection of [HostEdge]: the edges by name, with
	// their link counts, self-loops included.
	Named beam.PCollection
}

// GraphOptions shape the graph [WebGraph] builds. The zero value is
// forward host names and one vertex shard.
type GraphOptions struct {
	// ReverseNames writes host and domain names in reverse order of
	// their labels, as Common Crawl's graphs do ("www.example.com"
	// becomes "com.example.www"), so that sorting by name keeps the
	// hosts of a domain together. IP addresses are not reversed.
	ReverseNames bool
	// VertexShards is the number of groups in which vertex ids are
	// assigned, each sorted and numbered by one worker (0 means 1).
	// Whatever the number, ids follow the sorted order of the names
	// (byte order, of the reversed names with ReverseNames), as
	// cc-webgraph numbers them: the groups are ranges of names, cut at
	// split points taken from a sample of 64 names per group (at most
	// 65,536, read by one worker), and group i's ids follow those of
	// groups 0 to i-1.
	VertexShards int
}

// WebGraph builds the host graph and the domain graph (hosts grouped by
// registrable domain, through the root package's public suffix data; a
// host with none, such as an IP address, stays itself) of visited (a
// PCollection of string: the URLs of crawled pages, each a vertex even
// with no links, as [Crawl].Visited) and links (a PCollection of
// [Link]). A link with no page gives its target a vertex and no edge;
// a URL with no host (mailto:, data:) gives nothing.
func WebGraph(s beam.Scope, visited, links beam.PCollection, opt GraphOptions) (hosts, domains Graph) {
	s = s.Scope("urlbeam.WebGraph")
	if opt.VertexShards <= 0 {
		opt.VertexShards = 1
	}
	hostPairs, domainPairs := beam.ParDo2(s, &graphEndsFn{Reverse: opt.ReverseNames}, links)
	hostNodes, domainNodes := beam.ParDo2(s, &graphEndsFn{Reverse: opt.ReverseNames},
		beam.ParDo(s, visitedLink, visited))
	hosts = buildGraph(s.Scope("hosts"), hostPairs, hostNodes, opt.VertexShards)
	domains = buildGraph(s.Scope("domains"), domainPairs, domainNodes, opt.VertexShards)
	return hosts, domains
}

func init() { register.Function1x1(visitedLink) }

// visitedLink makes a visited page a link with no page, which gives its
// host a vertex.
func visitedLink(u string) Link { return Link{Href: u} }

// graphEndsFn emits, for a link, "FROM\x00TO" of hosts and of domains,
// or "\x00TO" for a link with no page (a vertex, no edge).
type graphEndsFn struct {
	Reverse bool
}

func (f *graphEndsFn) ProcessElement(l Link, hostPair, domainPair func(string)) {
	toHost, toDomain := f.names(l.Href)
	if toHost == "" {
		return
	}
	fromHost, fromDomain := "", ""
	if l.Page != "" {
		if fromHost, fromDomain = f.names(l.Page); fromHost == "" {
			return
		}
	}
	hostPair(fromHost + "\x00" + toHost)
	domainPair(fromDomain + "\x00" + toDomain)
}

// names returns the host and the domain of href, reversed if asked, or
// "" when href has no host.
func (f *graphEndsFn) names(href string) (host, domain string) {
	u, err := url.Parse(href)
	if err != nil || u.Hostname() == "" {
		return "", ""
	}
	host = u.Hostname()
	domain = url.RegistrableDomainOf(host)
	if domain == "" {
		domain = host
	}
	if f.Reverse {
		return ReverseHost(host), ReverseHost(domain)
	}
	return host, domain
}

// ReverseHost returns a host name with its labels in reverse order, as
// Common Crawl names the vertices of its graphs: "www.example.com"
// becomes "com.example.www". An IP address (IPv4, or IPv6 in brackets)
// is returned as it is.
func ReverseHost(host string) string {
	if strings.HasPrefix(host, "[") {
		return host
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return host
	}
	labels := strings.Split(host, ".")
	slices.Reverse(labels)
	return strings.Join(labels, ".")
}

// buildGraph assigns ids to the names of pairs ("FROM\x00TO" or
// "\x00TO") and nodes, and counts the edges.
func buildGraph(s beam.Scope, pairs, nodes beam.PCollection, shards int) Graph {
	counted := stats.Count(s, beam.Flatten(s, pairs, nodes))
	named := beam.ParDo(s, namedEdge, counted)
	names := filter.Distinct(s, beam.ParDo(s, &pairNamesFn{}, beam.ParDo(s, pairName, counted)))

	vertices := vertexIDs(s, names, shards)

	ids := beam.ParDo(s, vertexByName, vertices)
	edges := beam.ParDo(s, &edgeRowFn{}, named)
	fromJoined := beam.ParDo(s, joinFrom, beam.CoGroupByKey(s, ids, beam.ParDo(s, pairByFrom, edges)))
	idEdges := beam.ParDo(s, joinTo, beam.CoGroupByKey(s, ids, fromJoined))
	return Graph{Vertices: vertices, Edges: idEdges, Named: beam.ParDo(s, &dropNodeRowsFn{}, named)}
}

// pairName keeps the pair of a counted pair.
func pairName(pair string, _ int) string { return pair }

// pairNamesFn emits the names of a pair.
type pairNamesFn struct{}

func (pairNamesFn) ProcessElement(pair string, emit func(string)) {
	from, to, _ := strings.Cut(pair, "\x00")
	if from != "" {
		emit(from)
	}
	emit(to)
}

// namedEdge makes a counted pair a HostEdge; a pair with no source (a
// vertex only) has From "".
func namedEdge(pair string, n int) HostEdge {
	from, to, _ := strings.Cut(pair, "\x00")
	return HostEdge{From: from, To: to, Links: n}
}

// dropNodeRowsFn drops the rows of vertices with no edge.
type dropNodeRowsFn struct{}

func (dropNodeRowsFn) ProcessElement(e HostEdge, emit func(HostEdge)) {
	if e.From != "" {
		emit(e)
	}
}

// edgeRowFn keeps the edges that join two distinct vertices.
type edgeRowFn struct{}

func (edgeRowFn) ProcessElement(e HostEdge, emit func(HostEdge)) {
	if e.From != "" && e.From != e.To {
		emit(e)
	}
}

func init() {
	register.DoFn2x0[HostEdge, func(HostEdge)](&dropNodeRowsFn{})
	register.DoFn2x0[HostEdge, func(HostEdge)](&edgeRowFn{})
	register.Emitter1[HostEdge]()
	register.Emitter2[string, HostEdge]()
	register.Iter1[HostEdge]()
	register.Emitter1[Vertex]()
}

func vertexByName(v Vertex) (string, int64) { return v.Name, v.ID }

func pairByFrom(e HostEdge) (string, HostEdge) { return e.From, e }

// joinFrom puts the id of its source into each edge's From (as a
// decimal string) and keys the edge by its target.
func joinFrom(name string, ids func(*int64) bool, edges func(*HostEdge) bool, emit func(string, HostEdge)) {
	var id int64
	if !ids(&id) {
		return
	}
	var e HostEdge
	for edges(&e) {
		e.From = strconv.FormatInt(id, 10)
		emit(e.To, e)
	}
}

// joinTo gives each edge keyed by its target the target's id.
func joinTo(name string, ids func(*int64) bool, edges func(*HostEdge) bool, emit func(Edge)) {
	var id int64
	if !ids(&id) {
		return
	}
	var e HostEdge
	for edges(&e) {
		from, _ := strconv.ParseInt(e.From, 10, 64)
		emit(Edge{From: from, To: id, Links: e.Links})
	}
}
