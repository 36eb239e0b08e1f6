package migrate

import (
	"strings"
)

// A form is one shape of net/url code the tool rewrites, and the text it
// writes for it. The analyzer expands New at each site it matches;
// TestFormsGenerated turns every form into a pair of functions (Old
// through net/url, New through weburl) that TestFormsKeepMeaning runs on
// real URLs, so the test exercises exactly what the tool writes.
//
// Old is the net/url code, with u the receiver, v (and w) the values and
// neturl the name of net/url. New is the template of what the tool
// writes, in which $x is the receiver's text, $v and $w the values' text,
// $url, $neturl and $strings the file's names of weburl, net/url and
// strings, and $err the statement that handles a non-nil err.
type form struct {
	Name string
	Old  string
	New  string
	Read bool // an expression; otherwise a statement
	Same bool // a method kept as it is: held to net/url by the test, not rewritten

	// TestV is the value's text in the generated test, when it is not v.
	TestV string
}

// forms is the one table of what the tool writes.
var forms = []form{
	// Field reads: getters with net/url's meaning.
	{Name: "URL.Scheme", Read: true, Old: "u.Scheme", New: "$x.Scheme()"},
	{Name: "URL.Host", Read: true, Old: "u.Host", New: "$url.PercentDecodeString($x.Host())"},
	{Name: "URL.Path", Read: true, Old: "u.Path", New: "$x.NetURL().Path"},
	{Name: "URL.RawPath", Read: true, Old: "u.RawPath", New: "$x.NetURL().RawPath"},
	{Name: "URL.RawQuery", Read: true, Old: "u.RawQuery", New: `$strings.TrimPrefix($x.Search(), "?")`},
	{Name: "URL.RawQuery!=", Read: true, Old: `u.RawQuery != ""`, New: `$x.Search() != ""`},
	{Name: "URL.RawQuery==", Read: true, Old: `u.RawQuery == ""`, New: `$x.Search() == ""`},
	{Name: "URL.Fragment", Read: true, Old: "u.Fragment", New: "$url.PercentDecodeString($x.EscapedFragment())"},
	{Name: "URL.RawFragment", Read: true, Old: "u.RawFragment", New: "$x.NetURL().RawFragment"},
	{Name: "URL.Opaque", Read: true, Old: "u.Opaque", New: "$x.NetURL().Opaque"},
	{Name: "URL.Opaque!=", Read: true, Old: `u.Opaque != ""`, New: `($x.HasOpaquePath() && $x.Pathname() != "")`},
	{Name: "URL.Opaque==", Read: true, Old: `u.Opaque == ""`, New: `!($x.HasOpaquePath() && $x.Pathname() != "")`},
	{Name: "URL.OmitHost", Read: true, Old: "u.OmitHost", New: "$x.NetURL().OmitHost"},
	{Name: "URL.ForceQuery", Read: true, Old: "u.ForceQuery", New: `($x.Search() == "" && $strings.Contains($x.HrefWithoutFragment(), "?"))`},
	{Name: "URL.User!=nil", Read: true, Old: "u.User != nil", New: `($x.Username() != "" || $x.Password() != "")`},
	{Name: "URL.User==nil", Read: true, Old: "u.User == nil", New: `($x.Username() == "" && $x.Password() == "")`},
	{Name: "URL.User.Username", Read: true, Old: "u.User.Username()", New: "$url.PercentDecodeString($x.Username())"},
	{Name: "URL.Hostname", Read: true, Old: "u.Hostname()", New: `$url.PercentDecodeString($strings.Trim($x.Hostname(), "[]"))`},

	// Methods the import swap keeps: the same call, which must keep its meaning.
	{Name: "URL.Port", Same: true, Read: true, Old: "u.Port()", New: "$x.Port()"},
	{Name: "URL.String", Same: true, Read: true, Old: "u.String()", New: "$x.String()"},
	{Name: "URL.EscapedPath", Read: true, Old: "u.EscapedPath()", New: "$x.NetURL().EscapedPath()"},
	{Name: "URL.EscapedFragment", Same: true, Read: true, Old: "u.EscapedFragment()", New: "$x.EscapedFragment()"},
	{Name: "URL.RequestURI", Read: true, Old: "u.RequestURI()", New: "$x.NetURL().RequestURI()"},
	{Name: "URL.IsAbs", Same: true, Read: true, Old: "u.IsAbs()", New: "$x.IsAbs()"},
	{Name: "URL.Redacted", Same: true, Read: true, Old: "u.Redacted()", New: "$x.Redacted()"},
	{Name: "URL.Query", Read: true, Old: "u.Query()", New: "$x.NetURL().Query()"},

	// Field writes: a round trip through net/url's fields, with the
	// error handled; FromNetURL reads the result as weburl's parser does.
	{Name: "URL.Scheme=", Old: "u.Scheme = v", New: "{\n$nu := $x.NetURL()\n$nu.Scheme $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.Opaque=", Old: "u.Opaque = v", New: "{\n$nu := $x.NetURL()\n$nu.Opaque $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.Host=", Old: "u.Host = v", New: "{\n$nu := $x.NetURL()\n$nu.Host $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.Path=", Old: "u.Path = v", New: "{\n$nu := $x.NetURL()\n$nu.Path $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.RawPath=", Old: "u.RawPath = v", New: "{\n$nu := $x.NetURL()\n$nu.RawPath $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.RawQuery=", Old: "u.RawQuery = v", New: "{\n$nu := $x.NetURL()\n$nu.RawQuery $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.Fragment=", Old: "u.Fragment = v", New: "{\n$nu := $x.NetURL()\n$nu.Fragment $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.RawFragment=", Old: "u.RawFragment = v", New: "{\n$nu := $x.NetURL()\n$nu.RawFragment $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.User=", Old: "u.User = neturl.UserPassword(v, w)", TestV: "url.UserPassword(v, w)", New: "{\n$nu := $x.NetURL()\n$nu.User $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.ForceQuery=", Old: "u.ForceQuery = v != \"\"", TestV: "v != \"\"", New: "{\n$nu := $x.NetURL()\n$nu.ForceQuery $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	{Name: "URL.OmitHost=", Old: "u.OmitHost = v != \"\"", TestV: "v != \"\"", New: "{\n$nu := $x.NetURL()\n$nu.OmitHost $op $v\n$wu, err := $url.FromNetURL($nu)\nif err != nil {\n$err\n}\n$X = *$wu\n}"},
	// u.User = nil: the setters, where the URL has credentials (a URL that
	// cannot have any has none).
	{Name: "URL.User=nil", Old: "u.User = nil", New: "if $x.Username() != \"\" || $x.Password() != \"\" {\nif err := $x.SetUsername(\"\"); err != nil {\n$err\n}\nif err := $x.SetPassword(\"\"); err != nil {\n$err\n}\n}"},
}

// formFor returns the form of a name.
func formFor(name string) (form, bool) {
	for _, f := range forms {
		if f.Name == name {
			return f, true
		}
	}
	return form{}, false
}

// names of the file a form is expanded in.
type formNames struct {
	x, v, w              string // receiver and values
	url, neturl, strings string // package names
	err                  string // the error handler statement
	nu, wu               string // the round trip's variables
	deref                string // the receiver as the URL it points to (*x)
	op                   string // the assignment's operator (= or +=)
}

// expand writes the form's New text with the names of a site.
func (f form) expand(n formNames) string {
	// A longer placeholder comes before its prefix ($wu before $w): the
	// replacer tries them in this order.
	return strings.NewReplacer(
		"$wu", n.wu, "$nu", n.nu, "$neturl", n.neturl,
		"$x", n.x, "$X", n.deref, "$v", n.v, "$w", n.w, "$op", n.op,
		"$url", n.url, "$strings", n.strings, "$err", n.err,
	).Replace(f.New)
}

// uses says whether the form's New text names a placeholder.
func (f form) uses(ph string) bool { return strings.Contains(f.New, ph) }
