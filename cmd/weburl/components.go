package main

import (
	url "github.com/weburl/url"
	"github.com/weburl/url/internal/urlattr"
)

// components are a URL's eleven URL API getters, under their names in the
// URL Standard's API, as `weburl parse -json` and the viewer's JSON
// endpoint print them: the module's one record of them
// ([urlattr.Attrs]).
type components = urlattr.Attrs

// componentsOf reads u's getters.
func componentsOf(u *url.URL) components { return urlattr.Of(u) }
