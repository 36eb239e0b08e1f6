package good_test

import (
	"fmt"

	"doccheck/good"
)

func Example() { fmt.Println(good.Hello()) }

func ExampleHello() { fmt.Println(good.Hello()) }

func ExampleT() { fmt.Println(good.T{}) }

func ExampleT_Name() { fmt.Println(good.T{}.Name() == good.Greeting) }
