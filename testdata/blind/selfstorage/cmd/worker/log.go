package main

import "fmt"

func sprint(args []any) string { return fmt.Sprint(args...) }
