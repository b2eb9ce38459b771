// Package option is a stub of google.golang.org/api/option for analysistest.
package option

type ClientOption interface {
	Apply(*struct{})
}
