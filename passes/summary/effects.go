package summary

import (
	"fmt"
	"strings"

	"github.com/idemlint/idemlint/passes/catalog"
	"github.com/idemlint/idemlint/passes/effects"
)

// Externals returns the external calls with an effect in the package's
// functions, outside test files, in source order; computed once.
func (r *Result) Externals() []*effects.Call {
	if !r.Relevant {
		return nil
	}
	r.externalsOnce.Do(func() {
		for _, fn := range r.SrcFuncs() {
			for _, e := range effects.Find(r.Env.Catalog, fn) {
				if !r.InTestFile(e.Instr.Pos()) {
					r.externals = append(r.externals, e)
				}
			}
		}
	})
	return r.externals
}

// MissingKeys returns the external calls whose provider takes an
// idempotency key and that carry none.
func (r *Result) MissingKeys() []*effects.Call {
	var out []*effects.Call
	for _, e := range r.Externals() {
		if e.State == effects.Absent {
			out = append(out, e)
		}
	}
	return out
}

// SelfRetrying reports whether an external call is retried by its own
// client (go-retryablehttp), so that it is on a retried path wherever it
// is.
func SelfRetrying(e *effects.Call) bool {
	return e.Fn.Pkg() != nil && strings.HasPrefix(e.Fn.Pkg().Path(), "github.com/hashicorp/go-retryablehttp")
}

// MissingKeyConsequence says what a retry of a call without a key does.
func MissingKeyConsequence(e *effects.Call, header string) string {
	what := e.Ext.What
	if e.Method != "" && strings.HasPrefix(what, "HTTP") {
		what = "HTTP " + e.Method
	} else if e.Method != "" {
		what = strings.Replace(what, "request", e.Method, 1)
	}
	switch e.Ext.Slot {
	case catalog.RequestHeader:
		return fmt.Sprintf("a retry repeats the %s: the request carries no %s header", what, header)
	case catalog.InputField:
		return fmt.Sprintf("a retry repeats the %s: the input sets no %s", what, e.Ext.Fields[0])
	case catalog.PubOption:
		return fmt.Sprintf("a retry publishes the message again: the %s carries no message ID", what)
	}
	return fmt.Sprintf("a retry repeats the %s: the call carries no idempotency key", what)
}
