package url

// TEMPORARY stub, drop on integration.
//
// This file stands in for the URL type, which is written on another
// branch, so that SearchParams compiles and its update steps can be
// tested here. The real URL must provide:
//
//	setQueryFromSearchParams(serialized string)
//
// which sets the URL's query to serialized, or to null when serialized
// is "" (URL Standard, URLSearchParams "update" steps 3 and 4).

// URL is a TEMPORARY stand-in for the URL type.
type URL struct {
	query    string
	hasQuery bool
}

func (u *URL) setQueryFromSearchParams(serialized string) {
	u.query, u.hasQuery = serialized, serialized != ""
}
