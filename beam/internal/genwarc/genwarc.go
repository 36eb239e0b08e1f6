// Package genwarc writes WARC files of generated pages, each with a
// given number of links, for the link graph's tests and measurements:
// a request and a response record per page (HTML, gzipped per record as
// Common Crawl's files are), links absolute and relative to hosts of
// several registrable domains, some to IP addresses.
package genwarc

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/weburl/url/beam/warc"
)

// Options say what to generate. Hosts defaults to Pages/20 (at least
// 10); Seed picks the random links.
type Options struct {
	Pages, LinksPerPage, Hosts int
	Seed                       uint64
}

func (o Options) hosts() int {
	if o.Hosts > 0 {
		return o.Hosts
	}
	return max(10, o.Pages/20)
}

// Host returns the name of host i: hosts of a thousand registrable
// domains under a few public suffixes, and an IP address for every
// 50th.
func Host(i int) string {
	if i%50 == 49 {
		return fmt.Sprintf("192.0.%d.%d", i/250%256, i%250)
	}
	tlds := []string{"com", "org", "co.uk", "de", "github.io"}
	return fmt.Sprintf("h%d.site%d.%s", i, i%1000, tlds[i%len(tlds)])
}

// Write writes the WARC file of o to w, gzipped record by record.
func Write(w io.Writer, o Options) error {
	ww := warc.NewGzipWriter(w)
	rng := rand.New(rand.NewPCG(o.Seed, 2026))
	hosts := o.hosts()
	var body strings.Builder
	for p := range o.Pages {
		host := Host(p % hosts)
		page := fmt.Sprintf("http://%s/p/%d.html", host, p)
		body.Reset()
		body.WriteString("<!doctype html><html><head><title>page</title></head><body>\n")
		for l := range o.LinksPerPage {
			to := rng.IntN(o.Pages)
			toHost := Host(to % hosts)
			switch l % 4 {
			case 0: // relative, same host
				fmt.Fprintf(&body, "<a href=\"/p/%d.html\">same host</a>\n", to)
			case 1: // scheme-relative
				fmt.Fprintf(&body, "<a href=\"//%s/p/%d.html?q=%d\">other</a>\n", toHost, to, l)
			default:
				fmt.Fprintf(&body, "<a href=\"https://%s/p/%d.html\">other</a>\n", toHost, to)
			}
		}
		body.WriteString("</body></html>\n")
		if err := ww.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "request"}, {Name: "WARC-Target-URI", Value: page},
			{Name: "Content-Type", Value: "application/http; msgtype=request"}},
			[]byte("GET /p/ HTTP/1.1\r\nHost: "+host+"\r\n\r\n")); err != nil {
			return err
		}
		msg := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s", body.Len(), body.String())
		if err := ww.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "WARC-Target-URI", Value: page},
			{Name: "Content-Type", Value: "application/http; msgtype=response"}}, []byte(msg)); err != nil {
			return err
		}
	}
	return nil
}
