// Command chart turns the output of this module's benchmarks (go test
// -bench, any -count) into an SVG bar chart of the time per URL, with
// ada's figures from the shared perf-ada harness beside weburl's
// Parse+Href bars when given. Every figure on the chart is a median of
// the measured runs; the chart states the date, the machine and the
// commands that produced them.
//
//	go test -run '^$' -bench . -benchmem -count 3 > bench.txt
//	go run ./cmd/chart -bench bench.txt -ada harness.txt \
//		-cmd "go test -run '^$' -bench . -benchmem -count 3" > chart.svg
package main

import (
	"bufio"
	"flag"
	"fmt"
	"html"
	"io"
	"log"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// result is the median of one benchmark's runs.
type result struct {
	bench, dataset, impl string
	nsPerURL             float64
	allocsPerURL         float64 // -1 when unknown
}

var benchLine = regexp.MustCompile(`^Benchmark(\w+)/([\w.-]+)/([\w.-]+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// parseBench reads go test -bench output: results, and the cpu and
// goos/goarch lines.
func parseBench(r io.Reader, urlsPerOp map[string]float64) (res []result, machine string, err error) {
	samples := map[[3]string][][2]float64{}
	var order [][3]string
	var cpu, goos, goarch string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "cpu: "):
			cpu = strings.TrimSpace(strings.TrimPrefix(line, "cpu: "))
		case strings.HasPrefix(line, "goos: "):
			goos = strings.TrimPrefix(line, "goos: ")
		case strings.HasPrefix(line, "goarch: "):
			goarch = strings.TrimPrefix(line, "goarch: ")
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		key := [3]string{m[1], m[2], m[3]}
		ns, allocs := math.NaN(), -1.0
		f := strings.Fields(m[4])
		for i := 1; i < len(f); i++ {
			v, err := strconv.ParseFloat(f[i-1], 64)
			if err != nil {
				continue
			}
			switch f[i] {
			case "ns/url":
				ns = v
			case "allocs/op":
				allocs = v
			}
		}
		if math.IsNaN(ns) {
			continue
		}
		if _, ok := samples[key]; !ok {
			order = append(order, key)
		}
		samples[key] = append(samples[key], [2]float64{ns, allocs})
	}
	if err := sc.Err(); err != nil {
		return nil, "", err
	}
	for _, key := range order {
		s := samples[key]
		ns := make([]float64, len(s))
		al := make([]float64, len(s))
		for i, x := range s {
			ns[i], al[i] = x[0], x[1]
		}
		a := median(al)
		if n := urlsPerOp[key[1]]; n > 0 && a >= 0 {
			a /= n
		} else {
			a = -1
		}
		res = append(res, result{key[0], key[1], key[2], median(ns), a})
	}
	machine = strings.TrimSpace(fmt.Sprintf("%s %s/%s", cpu, goos, goarch))
	return res, machine, nil
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// parseAda reads the summary table of a perf-ada run: the ada rows
// ("kasztp  ada  88.9 ...") give ns/URL per dataset, and its header
// lines ("# kasztp: 48010 URLs, ...") the URLs per dataset.
func parseAda(r io.Reader) (ada map[string]float64, urls map[string]float64, header string, err error) {
	ada, urls = map[string]float64{}, map[string]float64{}
	countLine := regexp.MustCompile(`^# (\w+): (\d+) URLs`)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if m := countLine.FindStringSubmatch(line); m != nil {
			n, _ := strconv.ParseFloat(m[2], 64)
			urls[m[1]] = n
			continue
		}
		if strings.HasPrefix(line, "# go") && header == "" {
			header = strings.TrimPrefix(line, "# ")
		}
		f := strings.Fields(line)
		if len(f) >= 3 && f[1] == "ada" && !strings.HasPrefix(line, "round") {
			if v, err := strconv.ParseFloat(f[2], 64); err == nil {
				ada[f[0]] = v
			}
		}
	}
	return ada, urls, header, sc.Err()
}

var colors = map[string]string{
	"weburl": "#1f77b4",
	"neturl": "#7f7f7f",
	"nlnwa":  "#ff7f0e",
	"ada":    "#2ca02c",
}

func main() {
	benchFile := flag.String("bench", "", "go test -bench output (default stdin)")
	adaFile := flag.String("ada", "", "perf-ada harness output, for ada's ns/URL and the URL counts")
	cmd := flag.String("cmd", "", "the command that produced the benchmark output, shown on the chart")
	adaCmd := flag.String("adacmd", "../shared/tools/perf-ada/run.sh", "the command that produced the harness output")
	date := flag.String("date", time.Now().UTC().Format("2006-01-02 15:04 UTC"), "date shown on the chart")
	flag.Parse()
	log.SetFlags(0)

	var ada, urls map[string]float64
	adaHeader := ""
	if *adaFile != "" {
		f, err := os.Open(*adaFile)
		if err != nil {
			log.Fatal(err)
		}
		ada, urls, adaHeader, err = parseAda(f)
		f.Close()
		if err != nil {
			log.Fatal(err)
		}
	}
	in := io.Reader(os.Stdin)
	if *benchFile != "" {
		f, err := os.Open(*benchFile)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		in = f
	}
	res, machine, err := parseBench(in, urls)
	if err != nil {
		log.Fatal(err)
	}
	if len(res) == 0 {
		log.Fatal("no benchmark results with an ns/url metric in the input")
	}
	writeSVG(os.Stdout, res, ada, machine, *date, *cmd, *adaCmd, adaHeader)
}

// writeSVG draws one group of horizontal bars per benchmark and dataset,
// on a logarithmic scale of ns per URL.
func writeSVG(w io.Writer, res []result, ada map[string]float64, machine, date, cmd, adaCmd, adaHeader string) {
	type group struct {
		title string
		bars  []result
	}
	var groups []group
	index := map[string]int{}
	for _, r := range res {
		key := r.bench + "/" + r.dataset
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			title := r.bench + " — " + r.dataset
			if r.bench == "ParseHref" {
				title = "Parse+Href — " + r.dataset
			}
			groups = append(groups, group{title: title})
		}
		groups[i].bars = append(groups[i].bars, r)
	}
	for i, g := range groups {
		if v, ok := ada[g.bars[0].dataset]; ok && g.bars[0].bench == "ParseHref" {
			groups[i].bars = append(groups[i].bars, result{"ParseHref", g.bars[0].dataset, "ada", v, -1})
		}
	}
	lo, hi := math.Inf(1), 0.0
	for _, g := range groups {
		for _, b := range g.bars {
			lo, hi = math.Min(lo, b.nsPerURL), math.Max(hi, b.nsPerURL)
		}
	}
	lo = math.Pow(10, math.Floor(math.Log10(lo)))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)))

	const (
		width    = 1000
		left     = 250
		right    = 120
		barH     = 14
		groupGap = 12
	)
	header := []string{
		"weburl against net/url and nlnwa/whatwg-url: time per URL (median; log scale; fewer is better)",
		"Date: " + date + ". Machine: " + machine + ".",
		"Command: " + cmd,
	}
	if len(ada) > 0 {
		header = append(header, "ada (C++, green, beside Parse+Href): ns/URL from a separate run of "+adaCmd+":", "    "+adaHeader)
	}
	top := 20*len(header) + 40
	height := top
	for _, g := range groups {
		height += 18 + barH*len(g.bars) + groupGap
	}
	height += 30
	x := func(v float64) float64 {
		return left + (width-left-right)*(math.Log10(v)-math.Log10(lo))/(math.Log10(hi)-math.Log10(lo))
	}

	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">`+"\n", width, height)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for i, h := range header {
		size := 11
		if i == 0 {
			size = 14
		}
		fmt.Fprintf(w, `<text x="10" y="%d" font-size="%d">%s</text>`+"\n", 20+20*i, size, html.EscapeString(h))
	}
	// Grid: one line per power of ten.
	for v := lo; v <= hi*1.0001; v *= 10 {
		fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x(v), top-10, x(v), height-25)
		fmt.Fprintf(w, `<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%g ns</text>`+"\n", x(v), height-10, v)
	}
	y := top
	for _, g := range groups {
		fmt.Fprintf(w, `<text x="10" y="%d" font-weight="bold">%s</text>`+"\n", y+10, html.EscapeString(g.title))
		y += 18
		for _, b := range g.bars {
			fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-6, y+barH-3, b.impl)
			fmt.Fprintf(w, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", left, y+1, math.Max(1, x(b.nsPerURL)-left), barH-2, colors[b.impl])
			label := fmt.Sprintf("%.0f ns", b.nsPerURL)
			if b.allocsPerURL >= 0 {
				label += fmt.Sprintf(", %.2f allocs", b.allocsPerURL)
			}
			fmt.Fprintf(w, `<text x="%.1f" y="%d">%s</text>`+"\n", x(b.nsPerURL)+4, y+barH-3, label)
			y += barH
		}
		y += groupGap
	}
	fmt.Fprintln(w, "</svg>")
}
