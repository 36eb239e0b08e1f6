// Package bench times github.com/weburl/url against Go's net/url and
// github.com/nlnwa/whatwg-url on lists of real URLs, and its dataurl
// package against github.com/vincent-petithory/dataurl (RFC 2397) on
// data: URLs (BenchmarkDataURL). It is a module of
// its own, so that users of the library never download its peers.
//
// Run it from this directory:
//
//	URL_DATASETS=../../shared/datasets taskset -c 0 go test -run '^$' -bench . -benchmem
//
// URL_DATASETS names a folder of line-per-URL files (kasztp.txt,
// node_files.txt, isaacs_files.txt); without it the benchmarks run on
// a small built-in sample. Each op handles every URL of a dataset; the
// ns/url metric is the time per URL. cmd/chart turns the output into
// chart.svg.
package bench
