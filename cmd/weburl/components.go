package main

import url "github.com/weburl/url"

// components are a URL's eleven URL API getters, under their names in the
// URL Standard's API, as `weburl parse -json` and the viewer's JSON
// endpoint print them.
type components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// componentsOf reads u's getters.
func componentsOf(u *url.URL) components {
	return components{
		Href: u.Href(), Origin: u.Origin(), Protocol: u.Protocol(),
		Username: u.Username(), Password: u.Password(), Host: u.Host(),
		Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
}
