package links

import (
	"slices"
	"strings"
	"testing"
)

// TestExtractLinksKinds checks the links beyond HTML's URL attributes
// and the kind of each link.
func TestExtractLinksKinds(t *testing.T) {
	const doc = "https://example.com/dir/page.html"
	tests := []struct {
		name, html string
		want       []string // "tag attr raw kind -> href"
	}{
		{"a ping", `<a href=/x ping="/p1  https://t.example/p2">`, []string{
			"a href /x navigation -> https://example.com/x",
			"a ping /p1 reference -> https://example.com/p1",
			"a ping https://t.example/p2 reference -> https://t.example/p2"}},
		{"link rel", `<link rel=stylesheet href=s.css><link rel="Canonical" href=/c><link rel="preconnect dns-prefetch" href=//cdn.example><link href=/none>`, []string{
			"link href s.css subresource -> https://example.com/dir/s.css",
			"link href /c navigation -> https://example.com/c",
			"link href //cdn.example reference -> https://cdn.example/",
			"link href /none navigation -> https://example.com/none"}},
		{"navigation requests", `<iframe src=f></iframe><frame src=fr><embed src=e><object data=o></object>`, []string{
			"iframe src f navigation -> https://example.com/dir/f",
			"frame src fr navigation -> https://example.com/dir/fr",
			"embed src e navigation -> https://example.com/dir/e",
			"object data o navigation -> https://example.com/dir/o"}},
		{"background and image", `<body background=bg.png><table background=t.png><td background=c.png><image src=i.png>`, []string{
			"body background bg.png subresource -> https://example.com/dir/bg.png",
			"table background t.png subresource -> https://example.com/dir/t.png",
			"td background c.png subresource -> https://example.com/dir/c.png",
			"img src i.png subresource -> https://example.com/dir/i.png"}},
		// meta refresh, with a character reference in content.
		{"meta refresh", `<meta http-equiv="REFRESH" content="0;URL=&quot;/next&quot;"><meta http-equiv=refresh content=5><meta content="0;url=/no">`, []string{
			"meta content /next navigation -> https://example.com/next"}},
		// SVG: href and xlink:href; an HTML element breaks out.
		{"svg", `<svg><a xlink:href="/s1"><image href="i.svg"/><feImage href=f.png /><linearGradient href="#g"/><use xlink:href="sprite.svg#i"/></a></svg><a href=/h>`, []string{
			"a xlink:href /s1 navigation -> https://example.com/s1",
			"image href i.svg subresource -> https://example.com/dir/i.svg",
			"feImage href f.png subresource -> https://example.com/dir/f.png",
			"linearGradient href #g reference -> https://example.com/dir/page.html#g",
			"use xlink:href sprite.svg#i subresource -> https://example.com/dir/sprite.svg#i",
			"a href /h navigation -> https://example.com/h"}},
		{"svg breakout", `<svg><p><img src=x></svg>`, []string{"img src x subresource -> https://example.com/dir/x"}},
		{"not svg", `<a xlink:href=/no><image href=/no2>`, nil},
		// In SVG, style is not raw text and CDATA sections are text;
		// in an integration point, HTML again.
		{"svg text", `<svg><![CDATA[<a href=/no>]]><foreignObject><style>/*<a href=/no2>*/</style></foreignObject></svg>`, nil},
		// CSS in an SVG style element: its text (character references
		// decoded, CDATA sections included), up to its end tag or the
		// tag that breaks out of SVG.
		{"svg style", `<svg><style>@import "i.css"; a{background:url(&quot;b.png&quot;)}<![CDATA[ c{d:url(c.png)} ]]></style><rect style="fill:url(#g)"/></svg>`, []string{
			"style  i.css subresource -> https://example.com/dir/i.css",
			"style  b.png subresource -> https://example.com/dir/b.png",
			"style  c.png subresource -> https://example.com/dir/c.png",
			"rect style #g subresource -> https://example.com/dir/page.html#g"}},
		{"svg style broken out", `<svg><style>a{background:url(d.png)}<!-- url(no) --><p>b{background:url(/no2)}</p>`, []string{
			"style  d.png subresource -> https://example.com/dir/d.png"}},
		{"svg style at the end", `<svg><style>a{background:url(e.png)`, []string{
			"style  e.png subresource -> https://example.com/dir/e.png"}},
		// MathML is foreign content too: an a is MathML's, style and
		// title are not raw text, CDATA sections are text; mtext is HTML
		// again; a style attribute is CSS.
		{"math", `<math style="background:url(m.png)"><a href=/no><style><a href=/no2></style><title><a href=/no3></title><![CDATA[<a href=/no4>]]><mtext><a href=/yes></mtext></math><a href=/yes2>`, []string{
			"math style m.png subresource -> https://example.com/dir/m.png",
			"a href /yes navigation -> https://example.com/yes",
			"a href /yes2 navigation -> https://example.com/yes2"}},
		{"math breakout", `<math><mi>x</mi><b><a href=/yes>`, []string{"a href /yes navigation -> https://example.com/yes"}},
		{"math in svg", `<svg><foreignObject><math><a href=/no></math><a href=/yes></foreignObject></svg>`, []string{"a href /yes navigation -> https://example.com/yes"}},
		// CSS in style elements and attributes.
		{"css", `<style>@import "i.css"; p { background: url(&quot;bg.png&quot;) }</style><p style="background:url(&quot;a.png&quot;)">`, []string{
			"style  i.css subresource -> https://example.com/dir/i.css",
			"style  &quot;bg.png&quot; subresource -> https://example.com/dir/&quot;bg.png&quot;",
			"p style a.png subresource -> https://example.com/dir/a.png"}},
		{"cite and base", `<base href=/b/><q cite=q.html>`, []string{
			"base href /b/ reference -> https://example.com/b/",
			"q cite q.html reference -> https://example.com/b/q.html"}},
		// Script data: "<!--" and a nested "<script>" keep the end tag out.
		{"script escapes", `<script><!--<script></script><a href=/no>--></script><a href=/yes>`, []string{
			"a href /yes navigation -> https://example.com/yes"}},
		{"comments", `<!--><a href=/1><!---><a href=/2><!-- --!><a href=/3><!-- <a href=/no> --><a href=/4>`, []string{
			"a href /1 navigation -> https://example.com/1",
			"a href /2 navigation -> https://example.com/2",
			"a href /3 navigation -> https://example.com/3",
			"a href /4 navigation -> https://example.com/4"}},
		{"plaintext", `<plaintext><a href=/no>`, nil},
		// An attribute value with ">" in an end tag does not end it.
		{"end tag attributes", `</p title=">"><a href=/x>`, []string{"a href /x navigation -> https://example.com/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			links, err := ExtractLinks(strings.NewReader(tt.html), doc)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range links {
				href := "error"
				if l.URL != nil {
					href = l.URL.Href()
				}
				got = append(got, l.Tag+" "+l.Attr+" "+l.Raw+" "+l.Kind.String()+" -> "+href)
				checkLinkPosition(t, tt.html, l)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestLinkRelKind(t *testing.T) {
	for rel, want := range map[string]Kind{
		"stylesheet": Subresource, "alternate stylesheet": Subresource, "ICON": Subresource,
		"preload": Subresource, "canonical": Navigation, "next": Navigation, "": Navigation,
		"preconnect": Reference, " dns-prefetch ": Reference, "preconnect next": Navigation,
	} {
		if got := linkRelKind(rel); got != want {
			t.Errorf("linkRelKind(%q) = %v, want %v", rel, got, want)
		}
	}
}

// TestReferenceLinkAttrs holds the reference extractor's list of the
// attributes that hold a URL (refLinkAttrs, reference_test.go) to
// htmlElements: the same elements, each with the same attributes, all
// of an element's attributes but ping (which the reference does not
// read) and those that only decide whether or how another is a link
// (type, rel, http-equiv, content, charset). A row added to one and not
// the other fails here.
func TestReferenceLinkAttrs(t *testing.T) {
	deciding := map[attrID]bool{attrPing: true, attrType: true, attrRel: true, attrHTTPEquiv: true, attrContent: true, attrCharset: true}
	seen := map[string]bool{}
	for _, e := range htmlElements {
		var want []string
		for _, a := range e.attrs {
			if !deciding[a.id] {
				want = append(want, attrNames[a.id])
			}
		}
		seen[e.name] = true
		got := refLinkAttrs[e.name]
		slices.Sort(want)
		got = slices.Sorted(slices.Values(got))
		if !slices.Equal(got, want) {
			t.Errorf("%s: the reference reads %q, htmlElements has %q", e.name, got, want)
		}
	}
	for name := range refLinkAttrs {
		if !seen[name] {
			t.Errorf("%s: in the reference's list, not in htmlElements", name)
		}
	}
}
