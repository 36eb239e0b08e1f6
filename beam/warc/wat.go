package warc

import (
	"encoding/json"
	"fmt"
	"io"
)

// WATLink is one link of a page as Common Crawl's WAT files record it
// (Envelope.Payload-Metadata.HTTP-Response-Metadata.HTML-Metadata): Path
// says where it was found ("A@/href", "IMG@/src", "LINK@/href",
// "FORM@/action", ...), URL is the attribute's value as written,
// unresolved.
type WATLink struct {
	Path string `json:"path"`
	URL  string `json:"url"`
	Text string `json:"text,omitempty"`
	Rel  string `json:"rel,omitempty"`
}

// WATPage is what a WAT metadata record says of one crawled page: the
// URL it was fetched from (the WARC-Target-URI of the response record
// it describes), its <base href> if it had one, and its links, those of
// the <head> (<link> elements) first.
type WATPage struct {
	TargetURI string
	Base      string
	Links     []WATLink
}

// watEnvelope is the part of a WAT record's JSON that ParseWAT reads.
type watEnvelope struct {
	Envelope struct {
		WARCHeaderMetadata struct {
			WARCType      string `json:"WARC-Type"`
			WARCTargetURI string `json:"WARC-Target-URI"`
		} `json:"WARC-Header-Metadata"`
		PayloadMetadata struct {
			HTTPResponseMetadata struct {
				HTMLMetadata struct {
					Head struct {
						Base string    `json:"Base"`
						Link []WATLink `json:"Link"`
					} `json:"Head"`
					Links []WATLink `json:"Links"`
				} `json:"HTML-Metadata"`
			} `json:"HTTP-Response-Metadata"`
		} `json:"Payload-Metadata"`
	} `json:"Envelope"`
}

// ParseWAT reads the JSON block of a WAT metadata record (Content-Type
// application/json), in at most limit bytes. A record that describes
// something other than an HTTP response of an HTML page gives a WATPage
// with no links.
func ParseWAT(block io.Reader, limit int64) (*WATPage, error) {
	data, err := io.ReadAll(io.LimitReader(block, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("warc: WAT record longer than %d bytes", limit)
	}
	var env watEnvelope
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, fmt.Errorf("warc: WAT record: %w", err)
	}
	e := env.Envelope
	html := e.PayloadMetadata.HTTPResponseMetadata.HTMLMetadata
	p := &WATPage{TargetURI: trimAngle(e.WARCHeaderMetadata.WARCTargetURI), Base: html.Head.Base}
	p.Links = append(append(p.Links, html.Head.Link...), html.Links...)
	return p, nil
}
