package dataurl_test

import (
	"crypto/sha256"
	"fmt"
	"io"
	"strings"

	url "github.com/weburl/url"
	"github.com/weburl/url/dataurl"
)

func ExampleNewReader() {
	// Hash a (possibly huge) data: URL's body without holding it.
	u := url.MustParse("data:application/octet-stream;base64," + strings.Repeat("AAAA", 1000))
	r, err := dataurl.NewReader(u)
	if err != nil {
		panic(err)
	}
	h := sha256.New()
	n, _ := io.Copy(h, r)
	fmt.Println(r.MIMEType(), n, r.Size())
	fmt.Printf("%x\n", h.Sum(nil)[:4])
	// Output:
	// application/octet-stream 3000 3000
	// c81ca5ed
}

func ExampleReader() {
	r, err := dataurl.NewReader(url.MustParse("data:,Hello%2C%20World%21"))
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(r)
	fmt.Printf("%s\n", body)
	// Output: Hello, World!
}

func ExampleReader_MIMEType() {
	r, _ := dataurl.NewReader(url.MustParse("data:image/png;base64,"))
	fmt.Println(r.MIMEType().Essence())
	// Output: image/png
}

func ExampleReader_Size() {
	// The body's length, known before reading it.
	r, _ := dataurl.NewReader(url.MustParse("data:;base64,AAECAwQFBgc="))
	fmt.Println(r.Size())
	// Output: 8
}

func ExampleReader_Read() {
	r, _ := dataurl.NewReader(url.MustParse("data:,abcdefg"))
	buf := make([]byte, 3)
	for {
		n, err := r.Read(buf)
		if err == io.EOF {
			break
		}
		fmt.Printf("%s ", buf[:n])
	}
	fmt.Println()
	// Output: abc def g
}
