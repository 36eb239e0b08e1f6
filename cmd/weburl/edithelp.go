package main

import (
	"fmt"
	"io"
)

// editHelp is the usage of weburl's editing mode (weburl -h); the
// reference is docs/cli.md.
const editHelp = `Usage: weburl [options / URLs]
Prints and edits URLs as browsers read them (the WHATWG URL Standard), with
trurl's options. Options and URLs come in any order; "--" ends the options.
  -a, --append [component]=[data]  - append a path segment or a query pair
      --accept-space               - accepted: spaces are always taken, encoded
      --as-idn                     - Unicode host where display rules say safe
      --curl                       - only the URL Standard's special schemes
      --default-port               - write the scheme's default port
  -f, --url-file [file/-]          - read URLs from a file or stdin, one a line
  -g, --get [{component}s]         - print a template: {host}, {query:name}...
  -h, --help                       - this help
      --iterate [component]=[list] - one URL for each space-separated value
      --json                       - a JSON array of {url, parts, params}
      --keep-port                  - keep a default port the input writes
      --no-guess-scheme            - an input without a scheme is an error
      --punycode                   - ASCII host: what the href always has
      --qtrim [what]               - remove pairs named what (what*: a prefix)
      --query-separator [letter]   - the query's pair separator, if not '&'
      --quiet                      - no notes
      --redirect [URL]             - resolve this reference against the URL
      --replace [data]             - replace a query pair: name=value
      --replace-append [data]      - replace a query pair, or append it
  -s, --set [component][:]=[data]  - set a component (":=" data as written,
                                     "?=" only if not set)
      --sort-query                 - sort query pairs as URLSearchParams.sort()
      --trim [component]=[what]    - as --qtrim, for component query
      --url [URL]                  - a URL to work on
      --urlencode                  - --get and --json print encoded components
  -v, --version                    - the version and feature list
      --verify                     - a URL that fails ends the run (exit code 9)

Components (trurl's name / the URL Standard's):
  url / href, scheme / protocol, user / username, password, host / hostname,
  port, path / pathname, query / search, fragment / hash; options and zoneid
  (RFC 3986 and libcurl only: never set in a URL Standard URL).
  trurl's names get decoded values and set encoded ones ("=") or raw (":=");
  the URL Standard's names get and set exactly what the URL API's getters and
  setters do (protocol "https:", search "?q", hash "#f"). host is trurl's: the
  hostname, no port.
--get modifiers: {:c} or {url:c} encoded, {default:port}, {puny:host},
  {idn:host}, {strict:c} (a bad decode is an error), {must:c} (a missing
  component is an error). Escapes: \n \t \r \\ \{ \[.

Subcommands:
  weburl parse [-base URL] [-json] [-v] [-field NAME] [-rows] [URL...]
  weburl links [-base URL] [-json] [-v] FILE|URL|-...
  weburl canon [-profile crawler|safebrowsing] [-json] [-rows] [URL...]
  weburl match [-base URL] [-input-base URL] [-i] [-json] PATTERN [URL...]
  weburl serve [-addr HOST:PORT]
'weburl SUBCOMMAND -h' prints the flags of a subcommand.
Exit codes: 0 done (a URL that fails is a note without --verify), 1 file,
2 append, 3 missing argument, 4 bad option, 5 set, 7 no URL, 8 trim,
9 bad URL with --verify, 10 get, 11 iterate, 12 replace.
`

// editUsage prints the usage of the editing mode.
func editUsage(w io.Writer) { fmt.Fprint(w, editHelp) }
