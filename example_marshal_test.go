package url_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"

	url "github.com/weburl/url"
)

func ExampleURL_MarshalJSON() {
	type Hook struct {
		Target *url.URL `json:"target"`
		Backup url.URL  `json:"backup"` // the zero URL is ""
	}
	// Marshal a pointer: a URL field is only marshaled as a URL when it
	// is addressable (URL's methods have pointer receivers).
	b, _ := json.Marshal(&Hook{Target: url.MustParse("HTTPS://Example.com/hook?a=1")})
	fmt.Println(string(b))
	// Output:
	// {"target":"https://example.com/hook?a=1","backup":""}
}

func ExampleURL_UnmarshalJSON() {
	var h struct {
		Target url.URL `json:"target"`
	}
	err := json.Unmarshal([]byte(`{"target":"https://example.com:443/./a"}`), &h)
	fmt.Println(h.Target.Href(), err)
	err = json.Unmarshal([]byte(`{"target":"https://example.com:99999/"}`), &h)
	fmt.Println(err)
	// Output:
	// https://example.com/a <nil>
	// url: parse "https://example.com:99999/": port-out-of-range (port is greater than 65535) at offset 20
}

func Example_flagTextVar() {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	var upstream url.URL
	fs.TextVar(&upstream, "upstream", url.MustParse("http://localhost:8080/"), "upstream URL")
	_ = fs.Parse([]string{"-upstream", "HTTPS://Backend.internal:443/api"})
	fmt.Println(upstream.Href())
	// Output:
	// https://backend.internal/api
}

func ExampleURL_LogValue() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // keep the output stable
			}
			return a
		},
	}))
	logger.Info("fetching", "url", url.MustParse("https://bot:t0ken@example.com/feed"))
	// Output:
	// level=INFO msg=fetching url=https://bot:xxxxx@example.com/feed
}
