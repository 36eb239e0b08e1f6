package migrate

// A rule says what the tool writes for one exported name of net/url.
// Name is spelled as in the first column of docs/migration.md's table
// "Every exported name of net/url" (a test holds the two sets of names
// equal). Read and Write are the forms for a field of URL: Read is a
// template in which %[1]s is the receiver's text and %[2]s the local name
// of the weburl import; Write names the setter. Do says what happens to
// any other use.
type rule struct {
	Name  string
	Read  string // field read, a fmt template; "" when a read is refused
	Write string // setter of a field write; "" when a write is refused
	Do    action
	Why   string // the reason given when the rule refuses
}

type action uint8

const (
	keep        action = iota // same name and meaning after the import swap
	field                     // a field of URL: Read and Write
	resolveRef                // (*URL).ResolveReference: rule 4
	refuse                    // no rewrite keeps net/url's meaning: reported
	errorType                 // net/url.Error: refused, see rules' Why
	hostnameFix               // (*URL).Hostname: brackets trimmed as net/url does
)

// rules is the one table of net/url's exported names and what the tool
// does with each.
var rules = []rule{
	{Name: "JoinPath"},
	{Name: "ParseQuery"},
	{Name: "PathEscape"},
	{Name: "PathUnescape"},
	{Name: "QueryEscape"},
	{Name: "QueryUnescape"},
	{Name: "User"},
	{Name: "UserPassword"},
	{Name: "Parse"},
	{Name: "ParseRequestURI"},
	{Name: "Error", Do: errorType, Why: "net/url.Error: net/http's errors stay *net/url.Error while weburl's Parse returns its own *url.Error, so the tool cannot tell which one this code means"},
	{Name: "Error.Op", Do: errorType},
	{Name: "Error.URL", Do: errorType},
	{Name: "Error.Err", Do: errorType},
	{Name: "Error.Error", Do: errorType},
	{Name: "Error.Unwrap", Do: errorType},
	{Name: "Error.Timeout", Do: errorType},
	{Name: "Error.Temporary", Do: errorType},
	{Name: "EscapeError"},
	{Name: "EscapeError.Error"},
	{Name: "InvalidHostError", Do: refuse, Why: "net/url.InvalidHostError has no counterpart: weburl reports host failures as *ValidationError kinds"},
	{Name: "InvalidHostError.Error", Do: refuse, Why: "net/url.InvalidHostError has no counterpart: weburl reports host failures as *ValidationError kinds"},
	{Name: "URL"},
	{Name: "URL.Scheme", Do: field, Read: "%[1]s.Scheme()", Write: "SetProtocol"},
	{Name: "URL.Opaque", Do: field, Why: "net/url's Opaque field has no expression form in weburl except a comparison with \"\"; a write cannot be kept"},
	{Name: "URL.User", Do: field, Why: "only u.User.Username(), u.User == nil and u.User != nil reads, and writes of url.User(...), url.UserPassword(...) or nil, keep net/url's meaning"},
	{Name: "URL.Host", Do: field, Read: "%[1]s.Host()", Write: "SetHost"},
	{Name: "URL.Path", Do: field, Read: "%[2]s.PercentDecodeString(%[1]s.Pathname())", Write: "SetPathname"},
	{Name: "URL.RawPath", Do: field, Read: "%[1]s.Pathname()", Write: "SetPathname"},
	{Name: "URL.OmitHost", Do: field, Read: "(%[1]s.HostKind() == %[2]s.HostNull)", Why: "a write to OmitHost cannot be kept: a URL's host is set by SetHost"},
	{Name: "URL.ForceQuery", Do: field, Read: "(%[1]s.Search() == \"\" && strings.Contains(%[1]s.HrefWithoutFragment(), \"?\"))", Why: "a write to ForceQuery cannot be kept: use SetSearch"},
	{Name: "URL.RawQuery", Do: field, Read: "strings.TrimPrefix(%[1]s.Search(), \"?\")", Write: "SetSearch"},
	{Name: "URL.Fragment", Do: field, Read: "%[2]s.PercentDecodeString(%[1]s.EscapedFragment())", Write: "SetHash"},
	{Name: "URL.RawFragment", Do: field, Read: "%[1]s.EscapedFragment()", Write: "SetHash"},
	{Name: "URL.Clone"},
	{Name: "URL.AppendBinary"},
	{Name: "URL.EscapedFragment"},
	{Name: "URL.EscapedPath"},
	{Name: "URL.Hostname", Do: hostnameFix},
	{Name: "URL.IsAbs"},
	{Name: "URL.JoinPath"},
	{Name: "URL.MarshalBinary"},
	{Name: "URL.Parse"},
	{Name: "URL.Port"},
	{Name: "URL.Query"},
	{Name: "URL.Redacted"},
	{Name: "URL.RequestURI"},
	{Name: "URL.ResolveReference", Do: resolveRef, Why: "ResolveReference: the reference is not a variable set by url.Parse(s) just before and used once; resolve its string with base.Parse(s) by hand"},
	{Name: "URL.String"},
	{Name: "URL.UnmarshalBinary"},
	{Name: "Userinfo"},
	{Name: "Userinfo.Password"},
	{Name: "Userinfo.String"},
	{Name: "Userinfo.Username"},
	{Name: "Values"},
	{Name: "Values.Add"},
	{Name: "Values.Clone"},
	{Name: "Values.Del"},
	{Name: "Values.Encode"},
	{Name: "Values.Get"},
	{Name: "Values.Has"},
	{Name: "Values.Set"},
}

// ruleFor returns the rule of a net/url name ("Parse", "URL.Path").
func ruleFor(name string) (rule, bool) {
	for _, r := range rules {
		if r.Name == name {
			return r, true
		}
	}
	return rule{}, false
}
