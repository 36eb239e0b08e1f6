package migrate

// A rule says what the tool writes for one exported name of net/url.
// Name is spelled as in the first column of docs/migration.md's table
// "Every exported name of net/url" (a test holds the two sets of names
// equal). Do says what the tool does with a use; the text it writes for
// a field or a method is in the table forms (forms.go).
type rule struct {
	Name string
	Do   action
	Why  string // the reason given when the rule refuses
}

type action uint8

const (
	keep       action = iota // same name and meaning after the import swap
	field                    // a field of URL: Read and Write
	resolveRef               // (*URL).ResolveReference: rule 4
	refuse                   // no rewrite keeps net/url's meaning: reported
	errorType                // net/url.Error: refused, see rules' Why
	method                   // a method of URL rewritten with its form in forms.go
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
	{Name: "URL.Scheme", Do: field},
	{Name: "URL.Opaque", Do: field},
	{Name: "URL.User", Do: field, Why: "only the reads u.User.Username(), u.User == nil and u.User != nil keep net/url's meaning"},
	{Name: "URL.Host", Do: field},
	{Name: "URL.Path", Do: field},
	{Name: "URL.RawPath", Do: field},
	{Name: "URL.OmitHost", Do: field},
	{Name: "URL.ForceQuery", Do: field},
	{Name: "URL.RawQuery", Do: field},
	{Name: "URL.Fragment", Do: field},
	{Name: "URL.RawFragment", Do: field},
	{Name: "URL.Clone"},
	{Name: "URL.AppendBinary"},
	{Name: "URL.EscapedFragment"},
	{Name: "URL.EscapedPath", Do: method},
	{Name: "URL.Hostname", Do: method},
	{Name: "URL.IsAbs"},
	{Name: "URL.JoinPath", Do: refuse, Why: "JoinPath: weburl's keeps the joined path below u's path and keeps u's own path as it is, where net/url's cleans the whole path (\"..\" can climb, \"//\" collapses); join by hand"},
	{Name: "URL.MarshalBinary"},
	{Name: "URL.Parse"},
	{Name: "URL.Port"},
	{Name: "URL.Query", Do: method},
	{Name: "URL.Redacted"},
	{Name: "URL.RequestURI", Do: method},
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
