package url

// The two implementations the WPT harness runs (wpt_test.go,
// wpt_setters_test.go): weburl's parser, and the spec-literal reference
// parser of reference_test.go. One runner per data format takes either,
// so that both are held to the same cases by the same checks; what only
// the production code promises (CanParse, the offset invariants, the
// live SearchParams, a setter's error contract) is checked in its own
// methods below.

import "testing"

// A wptSubject is an implementation the WPT runners run.
type wptSubject interface {
	// tallyName names a data file in the summary and the expected
	// failures.
	tallyName(file string) string
	// expected returns the cases of file expected to fail, keyed by
	// tallyName(file).
	expected(t *testing.T, file string) map[string]map[string]string
	// parse runs new URL(input, base); ok is false when it throws.
	parse(c *checker, input string, base *string) (u wptURL, ok bool)
	// toASCIIEmpty is Unicode ToASCII of the empty domain.
	toASCIIEmpty() (string, bool)
}

// A wptURL is a parsed URL of a wptSubject.
type wptURL interface {
	// get returns an attribute by its WPT name, and false for a name the
	// implementation has no getter for.
	get(attr string) (string, bool)
	// set runs an attribute's setter; refused is true when the setter
	// left the URL as it is for a reason (the production setter's
	// error).
	set(c *checker, attr, value string) (refused bool)
	// check checks what holds after every parse and setter.
	check(c *checker)
}

// prodSubject is weburl's parser.
type prodSubject struct{}

func (prodSubject) tallyName(file string) string { return file }

func (prodSubject) expected(t *testing.T, _ string) map[string]map[string]string {
	return expectedFailures(t)
}

func (prodSubject) parse(c *checker, input string, base *string) (wptURL, bool) {
	u, err := parseCase(input, base)
	if can := canParseCase(input, base); can != (err == nil) {
		c.errorf("CanParse = %v, but Parse error = %v", can, err)
	}
	if err != nil {
		return nil, false
	}
	return prodURL{u}, true
}

func (prodSubject) toASCIIEmpty() (string, bool) {
	got, err := idnaProfile.ToASCII("")
	return got, err == nil
}

type prodURL struct{ u *URL }

func (p prodURL) get(attr string) (string, bool) {
	if attr == "searchParams" {
		return searchParamsString(p.u), true
	}
	g := getters[attr]
	if g == nil {
		return "", false
	}
	return g(p.u), true
}

// set runs the setter and checks the error contract (an error means the
// URL did not change) and that the URL's SearchParams, taken before, is
// still the URL's and follows its query.
func (p prodURL) set(c *checker, attr, value string) bool {
	set := setters[attr]
	if set == nil {
		c.errorf("no setter for %q", attr)
		return true
	}
	sp := p.u.SearchParams()
	before := p.u.Href()
	err := set(p.u, value)
	if err != nil && p.u.Href() != before {
		c.errorf("%s setter returned %v but changed the URL to %q", attr, err, p.u.Href())
	}
	q, _ := p.u.RawQuery()
	c.equal("searchParams", sp.String(), SerializeForm(ParseForm(q)))
	if p.u.SearchParams() != sp {
		c.errorf("SearchParams() returned a different object after the %s setter", attr)
	}
	return err != nil
}

func (p prodURL) check(c *checker) {
	if err := p.u.checkInvariants(); err != nil {
		c.errorf("invariants: %v", err)
	}
}

// refSubject is the reference parser (reference_test.go).
type refSubject struct{}

func (refSubject) tallyName(file string) string { return refFile(file) }

func (refSubject) expected(t *testing.T, file string) map[string]map[string]string {
	return refExpectedFailures(t, file)
}

func (refSubject) parse(_ *checker, input string, base *string) (wptURL, bool) {
	u := refParseCase(input, base)
	if u == nil {
		return nil, false
	}
	return refWPTURL{u}, true
}

func (refSubject) toASCIIEmpty() (string, bool) { return refDomainParserToASCII(nil, false) }

type refWPTURL struct{ u *refURL }

func (r refWPTURL) get(attr string) (string, bool) {
	for _, g := range refGetters {
		if g.name == attr {
			return g.ref(r.u), true
		}
	}
	return "", false
}

// set runs the setter; the href setter, the one that throws, must leave
// the URL as it was when it refuses.
func (r refWPTURL) set(c *checker, attr, value string) bool {
	set := refSetters[attr]
	if set == nil {
		c.errorf("no setter for %q", attr)
		return true
	}
	before := r.u.href()
	refused := set(r.u, value)
	if refused && attr == "href" && r.u.href() != before {
		c.errorf("href setter refused the value but changed the URL to %q", r.u.href())
	}
	return refused
}

func (refWPTURL) check(*checker) {}
