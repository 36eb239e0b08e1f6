package url_test

import (
	"fmt"

	url "github.com/weburl/url"
)

// Display shows a URL to a person: no credentials (they read as a host),
// the host in Unicode where that is safe, and percent-encoded UTF-8
// decoded where that is visible and harmless.
func ExampleURL_Display() {
	for _, s := range []string{
		"https://examplecorp.com@attacker.example/",
		"https://xn--bcher-kva.de/caf%C3%A9?q=%E5%80%A4",
		"https://аррӏе.com/",            // all-Cyrillic lookalike of apple.com
		"https://раураl.com/",           // Cyrillic mixed with Latin
		"https://example.com/a%20b%2Fc", // ASCII escapes stay
		"https://example.com/%E2%80%AEfdp.exe",
		"https://example.com/%F0%9F%94%92", // 🔒 passes for the padlock
	} {
		fmt.Println(url.MustParse(s).Display(url.DisplayOptions{}))
	}
	// Output:
	// https://attacker.example/
	// https://bücher.de/café?q=値
	// https://xn--80ak6aa92e.com/
	// https://xn--l-7sba6dbr.com/
	// https://example.com/a%20b%2Fc
	// https://example.com/%E2%80%AEfdp.exe
	// https://example.com/%F0%9F%94%92
}

// DisplayOptions elide parts of a URL for tight space, as an address bar
// does.
func ExampleDisplayOptions() {
	u := url.MustParse("https://user:pw@www.xn--bcher-kva.de/")
	fmt.Println(u.Display(url.DisplayOptions{}))
	fmt.Println(u.Display(url.DisplayOptions{OmitScheme: true, OmitWWW: true, OmitTrailingSlash: true}))
	fmt.Println(u.Display(url.DisplayOptions{ShowCredentials: true, ASCIIHost: true, KeepEscapes: true}))
	// Output:
	// https://www.bücher.de/
	// bücher.de
	// https://user:pw@www.xn--bcher-kva.de/
}

// DisplayMode chooses how much of the URL is shown: all of it, the
// origin, or the host alone.
func ExampleDisplayMode() {
	u := url.MustParse("https://例え.テスト:8443/パス?q=1#top")
	for _, m := range []url.DisplayMode{url.DisplayFull, url.DisplayOrigin, url.DisplayHost} {
		fmt.Println(u.Display(url.DisplayOptions{Mode: m}))
	}
	// Output:
	// https://例え.テスト:8443/パス?q=1#top
	// https://例え.テスト:8443
	// 例え.テスト
}

// MaxLength fits a URL to a tight space as URL Standard 4.8.2 says: the
// path goes first, then the host loses labels from its left, never its
// registrable domain.
func ExampleDisplayOptions_maxLength() {
	u := url.MustParse("https://examplecorp.com.evil.com/login?next=%2Faccount")
	for _, n := range []int{60, 36, 21, 5} {
		fmt.Println(u.Display(url.DisplayOptions{MaxLength: n}))
	}
	// Output:
	// https://examplecorp.com.evil.com/login?next=%2Faccount
	// https://examplecorp.com.evil.com/lo…
	// https://…com.evil.com
	// https://…evil.com
}
