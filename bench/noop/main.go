// Command noop is a go vet tool that runs a single analyzer doing nothing.
//
// It exists as the baseline for bench/run.sh: timing `go vet -vettool=noop`
// measures what the vet driver, package loading and export-data decoding cost
// on their own, so the ratio idemlint/noop isolates the cost of idemlint's
// analyzers.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop does nothing; it is the baseline for bench/run.sh",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { unitchecker.Main(analyzer) }
