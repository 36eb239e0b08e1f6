package dataurl_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/weburl/url/dataurl"
)

func ExampleParseMIMEType() {
	// As browsers parse a Content-Type: names lowercased, the first of a
	// repeated parameter kept, malformed parameters dropped.
	m, err := dataurl.ParseMIMEType(`Text/HTML; Charset="utf-8"; charset=latin1; =x; q`)
	if err != nil {
		panic(err)
	}
	fmt.Println(m)

	_, err = dataurl.ParseMIMEType("text/")
	fmt.Println(errors.Is(err, dataurl.ErrMIMEType))
	// Output:
	// text/html;charset=utf-8
	// true
}

func ExampleMIMEType() {
	m, _ := dataurl.ParseMIMEType(`multipart/form-data; boundary="--x y"`)
	fmt.Println(m.Type(), m.Subtype(), m.NumParams())
	// Output: multipart form-data 1
}

func ExampleMIMEType_String() {
	// Values that are not tokens are quoted, with '"' and '\' escaped.
	m, _ := dataurl.ParseMIMEType(`a/b;x="";y="q\"uote";z=plain`)
	fmt.Println(m.String())
	// Output: a/b;x="";y="q\"uote";z=plain
}

func ExampleMIMEType_MarshalText() {
	m, _ := dataurl.ParseMIMEType("TEXT/PLAIN;CHARSET=UTF-8")
	b, _ := json.Marshal(map[string]*dataurl.MIMEType{"type": m})
	fmt.Println(string(b))
	// Output: {"type":"text/plain;charset=UTF-8"}
}

func ExampleMIMEType_Type() {
	m, _ := dataurl.ParseMIMEType("IMAGE/svg+xml")
	fmt.Println(m.Type())
	// Output: image
}

func ExampleMIMEType_Subtype() {
	m, _ := dataurl.ParseMIMEType("IMAGE/svg+xml")
	fmt.Println(m.Subtype())
	// Output: svg+xml
}

func ExampleMIMEType_Essence() {
	m, _ := dataurl.ParseMIMEType("text/html;charset=utf-8")
	fmt.Println(m.Essence())
	// Output: text/html
}

func ExampleMIMEType_Param() {
	m, _ := dataurl.ParseMIMEType("text/html;Charset=utf-8")
	v, ok := m.Param("charset")
	fmt.Println(v, ok)
	_, ok = m.Param("boundary")
	fmt.Println(ok)
	// Output:
	// utf-8 true
	// false
}

func ExampleMIMEType_Params() {
	m, _ := dataurl.ParseMIMEType("a/b;x=1;y=2;x=3")
	for name, value := range m.Params() {
		fmt.Println(name, value)
	}
	// Output:
	// x 1
	// y 2
}

func ExampleMIMEType_NumParams() {
	m, _ := dataurl.ParseMIMEType("a/b;x=1;;y;z=")
	fmt.Println(m.NumParams())
	// Output: 1
}
