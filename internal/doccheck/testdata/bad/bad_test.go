package bad_test

import "doccheck/bad"

func ExampleDocumented() { bad.Documented() }

func ExampleT() { _ = bad.T{} }

func ExampleT_F() {}
