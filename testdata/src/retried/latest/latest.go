// Package latest is production code whose name ends in "test".
package latest

import "net/http"

func Publish(w http.ResponseWriter, r *http.Request) {} // want `root: HTTP handler Publish`
