package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/weburl/url/beam/warc"
)

// A crawl's WARC file: a response record holding an HTML page.
func crawl() *bytes.Buffer {
	var buf bytes.Buffer
	w := warc.NewGzipWriter(&buf)
	w.WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "warcinfo"},
		{Name: "Content-Type", Value: "application/warc-fields"},
	}, []byte("software: example\r\n"))
	w.WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "response"},
		{Name: "WARC-Target-URI", Value: "https://example.jp/"},
		{Name: "Content-Type", Value: "application/http; msgtype=response"},
	}, []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=Shift_JIS\r\n\r\n<a href=/about>about</a>"))
	return &buf
}

func Example() {
	r, err := warc.NewReader(crawl())
	if err != nil {
		panic(err)
	}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		if !rec.IsHTTPResponse() {
			continue
		}
		resp, err := rec.HTTPResponse()
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		fmt.Println(rec.TargetURI(), warc.IsHTML(resp), warc.Charset(resp), string(body))
	}
	// Output: https://example.jp/ true Shift_JIS <a href=/about>about</a>
}

func ExampleNewReader() {
	r, _ := warc.NewReader(strings.NewReader("WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n"))
	rec, _ := r.Next()
	b, _ := io.ReadAll(rec.Content)
	fmt.Println(rec.Version, rec.Type(), rec.ContentLength, string(b))
	// Output: WARC/1.1 resource 5 hello
}

func ExampleReader() {
	r, _ := warc.NewReader(crawl())
	r.MaxHeaderBytes = 64 << 10 // refuse record headers over 64 KiB
	n := 0
	for _, err := r.Next(); err == nil; _, err = r.Next() {
		n++
	}
	fmt.Println(n, "records")
	// Output: 2 records
}

func ExampleReader_Next() {
	r, _ := warc.NewReader(crawl())
	for rec, err := r.Next(); err != io.EOF; rec, err = r.Next() {
		fmt.Println(rec.Offset, rec.Type())
	}
	// Output:
	// 0 warcinfo
	// 115 response
}

func ExampleWriter() {
	var buf bytes.Buffer
	w := warc.NewWriter(&buf)
	w.WriteRecord(warc.Header{{Name: "WARC-Type", Value: "metadata"}}, []byte("via: https://example.com/\r\n"))
	fmt.Printf("%q\n", buf.String())
	// Output: "WARC/1.1\r\nWARC-Type: metadata\r\nContent-Length: 27\r\n\r\nvia: https://example.com/\r\n\r\n\r\n"
}

func ExampleWriter_WriteRecord() {
	err := warc.NewWriter(io.Discard).WriteRecord(warc.Header{{Name: "X", Value: "a\r\nWARC-Type: forged"}}, nil)
	fmt.Println(err)
	// Output: warc: field name or value with a line break, or a name with a colon or space
}

func ExampleNewWriter() {
	var buf bytes.Buffer
	warc.NewWriter(&buf).WriteRecord(warc.Header{{Name: "WARC-Type", Value: "resource"}}, []byte("x"))
	fmt.Println(strings.HasPrefix(buf.String(), "WARC/1.1\r\n"))
	// Output: true
}

func ExampleNewGzipWriter() {
	var buf bytes.Buffer
	warc.NewGzipWriter(&buf).WriteRecord(warc.Header{{Name: "WARC-Type", Value: "resource"}}, []byte("x"))
	fmt.Printf("% x\n", buf.Bytes()[:2])
	// Output: 1f 8b
}

func ExampleFormatError() {
	r, _ := warc.NewReader(strings.NewReader("WARC/1.1\r\nX: " + strings.Repeat("y", 100) + "\r\n\r\n"))
	r.MaxHeaderBytes = 50
	_, err := r.Next()
	var fe *warc.FormatError
	fmt.Println(errors.As(err, &fe), fe.Offset, errors.Is(err, warc.ErrHeaderTooLong))
	// Output: true 0 true
}

func ExampleFormatError_Error() {
	r, _ := warc.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\n"))
	_, err := r.Next()
	fmt.Println(err)
	// Output: warc: record at 0: no WARC version line ("HTTP/1.1 200 OK")
}

func ExampleFormatError_Unwrap() {
	r, _ := warc.NewReader(strings.NewReader("WARC/1.1\r\nContent-Length: 9\r\n\r\nabc"))
	rec, _ := r.Next()
	_, err := io.ReadAll(rec.Content)
	fmt.Println(err == io.ErrUnexpectedEOF)
	_, err = r.Next()
	fmt.Println(errors.Is(err, io.ErrUnexpectedEOF))
	// Output:
	// true
	// true
}

func ExampleField() {
	f := warc.Field{Name: "WARC-Type", Value: "response"}
	fmt.Println(f.Name + ": " + f.Value)
	// Output: WARC-Type: response
}

func ExampleHeader() {
	h := warc.Header{{Name: "WARC-Type", Value: "response"}, {Name: "Content-Length", Value: "0"}}
	for _, f := range h {
		fmt.Println(f.Name)
	}
	// Output:
	// WARC-Type
	// Content-Length
}

func ExampleHeader_Get() {
	h := warc.Header{{Name: "WARC-Target-URI", Value: "https://example.com/"}}
	fmt.Println(h.Get("warc-target-uri"))
	// Output: https://example.com/
}

func ExampleRecord() {
	r, _ := warc.NewReader(crawl())
	r.Next()
	rec, _ := r.Next()
	fmt.Println(rec.Header.Get("WARC-Type"), rec.ContentLength)
	// Output: response 87
}

func ExampleRecord_Type() {
	r, _ := warc.NewReader(crawl())
	rec, _ := r.Next()
	fmt.Println(rec.Type())
	// Output: warcinfo
}

func ExampleRecord_TargetURI() {
	r, _ := warc.NewReader(strings.NewReader("WARC/1.0\r\nWARC-Target-URI: <http://example.com/>\r\nContent-Length: 0\r\n\r\n"))
	rec, _ := r.Next()
	fmt.Println(rec.TargetURI())
	// Output: http://example.com/
}

func ExampleRecord_ContentType() {
	r, _ := warc.NewReader(crawl())
	rec, _ := r.Next()
	fmt.Println(rec.ContentType())
	// Output: application/warc-fields
}

func ExampleRecord_IsHTTPResponse() {
	r, _ := warc.NewReader(crawl())
	for rec, err := r.Next(); err == nil; rec, err = r.Next() {
		fmt.Println(rec.Type(), rec.IsHTTPResponse())
	}
	// Output:
	// warcinfo false
	// response true
}

func ExampleRecord_HTTPResponse() {
	r, _ := warc.NewReader(crawl())
	r.Next()
	rec, _ := r.Next()
	resp, _ := rec.HTTPResponse()
	fmt.Println(resp.StatusCode, resp.Header.Get("Content-Type"))
	// Output: 200 text/html; charset=Shift_JIS
}

// A record whose HTTP head is longer than the Reader's bound gives an
// error that is ErrHTTPHeadTooLong.
func ExampleRecord_HTTPResponse_headTooLong() {
	var buf bytes.Buffer
	warc.NewWriter(&buf).WriteRecord(warc.Header{
		{Name: "WARC-Type", Value: "response"},
		{Name: "Content-Type", Value: "application/http; msgtype=response"},
	}, []byte("HTTP/1.1 200 OK\r\n"+strings.Repeat("X-Padding: x\r\n", 100)+"\r\n"))
	r, _ := warc.NewReader(&buf)
	r.MaxHTTPHeadBytes = 1000
	rec, _ := r.Next()
	_, err := rec.HTTPResponse()
	fmt.Println(errors.Is(err, warc.ErrHTTPHeadTooLong))
	fmt.Println(err)
	// Output:
	// true
	// warc: HTTP head too long (record at 0: more than 1000 bytes)
}

func ExampleReadFields() {
	r, _ := warc.NewReader(crawl())
	rec, _ := r.Next()
	h, _ := warc.ReadFields(rec.Content, 1<<20)
	fmt.Println(h.Get("software"))
	// Output: example
}

func ExampleCharset() {
	r, _ := warc.NewReader(crawl())
	r.Next()
	rec, _ := r.Next()
	resp, _ := rec.HTTPResponse()
	fmt.Println(warc.Charset(resp))
	// Output: Shift_JIS
}

func ExampleIsHTML() {
	r, _ := warc.NewReader(crawl())
	r.Next()
	rec, _ := r.Next()
	resp, _ := rec.HTTPResponse()
	fmt.Println(warc.IsHTML(resp))
	// Output: true
}

func ExampleParseWAT() {
	js := `{"Envelope":{"WARC-Header-Metadata":{"WARC-Target-URI":"https://example.com/a/"},
	  "Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"b.html","text":"B"}]}}}}}`
	p, _ := warc.ParseWAT(strings.NewReader(js), 1<<20)
	fmt.Println(p.TargetURI, p.Links[0].Path, p.Links[0].URL)
	// Output: https://example.com/a/ A@/href b.html
}

func ExampleWATPage() {
	p := warc.WATPage{TargetURI: "https://example.com/", Base: "/docs/", Links: []warc.WATLink{{Path: "A@/href", URL: "x"}}}
	fmt.Println(len(p.Links), p.Base)
	// Output: 1 /docs/
}

func ExampleWATLink() {
	l := warc.WATLink{Path: "IMG@/src", URL: "logo.png"}
	fmt.Println(l.Path, l.URL)
	// Output: IMG@/src logo.png
}
