package url

import "runtime"

func searchParamsString(u *URL) string { q, _ := u.RawQuery(); return q }

func runToASCIISetters(c *checker, tc *toASCIICase) {}

func goVersion() string { return runtime.Version() }
