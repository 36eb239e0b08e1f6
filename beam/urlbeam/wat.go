package urlbeam

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// watRecord is the part of a WAT record's JSON (Common Crawl's metadata
// of one crawled page) that holds links: every source that cc-pyspark's
// wat_extract_links.py reads.
type watRecord struct {
	Envelope struct {
		WARCHeaderMetadata struct {
			WARCType      string `json:"WARC-Type"`
			WARCTargetURI string `json:"WARC-Target-URI"`
		} `json:"WARC-Header-Metadata"`
		PayloadMetadata struct {
			HTTPResponseMetadata struct {
				Headers      map[string]any `json:"Headers"`
				HTMLMetadata *struct {
					Head struct {
						Base    string           `json:"Base"`
						Link    []map[string]any `json:"Link"`
						Metas   []map[string]any `json:"Metas"`
						Scripts []map[string]any `json:"Scripts"`
					} `json:"Head"`
					Links []map[string]any `json:"Links"`
				} `json:"HTML-Metadata"`
			} `json:"HTTP-Response-Metadata"`
		} `json:"Payload-Metadata"`
	} `json:"Envelope"`
}

// watLink is one link a WAT record names, unresolved: where it was found
// (Tag and Attr, as in [Link]) and as written.
type watLink struct {
	Tag, Attr, Raw string
}

// The <meta> elements whose content cc-pyspark takes as a link: by
// property (Open Graph, Twitter) and by name. A <meta> whose content is
// an absolute URL ("http://", "https://" or "//") counts too.
var (
	watMetaProperties = []string{"og:url", "og:image", "og:image:secure_url", "og:video", "og:video:url",
		"og:video:secure_url", "twitter:url", "twitter:image:src"}
	watMetaNames = []string{"twitter:image", "thumbnail", "application-url", "msapplication-starturl",
		"msapplication-TileImage", "vb_meta_bburl"}
	absoluteLink  = regexp.MustCompile(`^(?:https?:)?//`)
	httpLinkValue = regexp.MustCompile(`<([^>]*)>`)
)

// parseWATLinks reads a WAT record's JSON. It returns the URL of the
// page the record describes, its <base href> (as written) and its links
// in cc-pyspark's order: the HTTP Link and Content-Location headers,
// <link>, <meta>, <script> and the links of the body. isResponse is
// false for WAT records of requests and metadata, which describe no
// page.
func parseWATLinks(data []byte) (page, base string, links []watLink, isResponse bool, err error) {
	var rec watRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return "", "", nil, false, fmt.Errorf("urlbeam: WAT record: %w", err)
	}
	e := rec.Envelope
	page = strings.TrimSuffix(strings.TrimPrefix(e.WARCHeaderMetadata.WARCTargetURI, "<"), ">")
	if e.WARCHeaderMetadata.WARCType != "response" {
		return page, "", nil, false, nil
	}
	resp := e.PayloadMetadata.HTTPResponseMetadata
	for name, v := range resp.Headers {
		switch strings.ToLower(name) {
		case "content-location":
			for _, s := range stringsOf(v) {
				links = append(links, watLink{Tag: "http", Attr: "content-location", Raw: s})
			}
		case "link":
			for _, s := range stringsOf(v) {
				for _, m := range httpLinkValue.FindAllStringSubmatch(s, -1) {
					links = append(links, watLink{Tag: "http", Attr: "link", Raw: m[1]})
				}
			}
		}
	}
	html := resp.HTMLMetadata
	if html == nil {
		return page, "", links, true, nil
	}
	for _, l := range html.Head.Link {
		links = appendWATLink(links, l, "link", "href", false)
	}
	for _, m := range html.Head.Metas {
		prop, name, content := str(m["property"]), str(m["name"]), str(m["content"])
		_, hasContent := m["content"].(string)
		if !hasContent {
			continue
		}
		switch {
		case has(m, "property") && contains(watMetaProperties, prop):
			links = append(links, watLink{Tag: "meta", Attr: prop, Raw: content})
		case has(m, "name") && contains(watMetaNames, name):
			links = append(links, watLink{Tag: "meta", Attr: name, Raw: content})
		case absoluteLink.MatchString(content):
			attr := "content"
			if prop != "" {
				attr = prop
			} else if name != "" {
				attr = name
			}
			links = append(links, watLink{Tag: "meta", Attr: attr, Raw: content})
		}
	}
	for _, l := range html.Head.Scripts {
		links = appendWATLink(links, l, "script", "src", false)
	}
	for _, l := range html.Links {
		links = appendWATLink(links, l, "a", "href", true)
	}
	return page, html.Head.Base, links, true, nil
}

// appendWATLink appends the link of a WAT link object: its "url", or,
// when it has none and orHref is set, its "href" if that is absolute, as
// cc-pyspark takes them. The object's "path" ("A@/href") names the tag
// and attribute; tag and attr are the defaults when it has none.
func appendWATLink(links []watLink, l map[string]any, tag, attr string, orHref bool) []watLink {
	raw, ok := l["url"].(string)
	if !ok {
		href, isString := l["href"].(string)
		if !orHref || !isString || !absoluteLink.MatchString(href) {
			return links
		}
		raw = href
	}
	if p, ok := l["path"].(string); ok && p != "" {
		t, a, _ := strings.Cut(p, "@/")
		tag, attr = strings.ToLower(t), strings.ToLower(a)
	}
	return append(links, watLink{Tag: tag, Attr: attr, Raw: raw})
}

// stringsOf returns a header's value or values: WAT writes a header seen
// once as a string, one seen more than once as a list.
func stringsOf(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func has(m map[string]any, key string) bool {
	_, ok := m[key].(string)
	return ok
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
