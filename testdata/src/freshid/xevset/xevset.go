// Package xevset registers the handlers a composition root gives it in
// the fields of a struct.
package xevset

import "freshid/xevrouter"

// Handlers are the functions that react to each event.
type Handlers struct {
	OnGraded  xevrouter.HandlerFunc
	OnVoided  xevrouter.HandlerFunc
	Formatter func(string) string
}

// NewRouter registers the handlers by event.
func NewRouter(h Handlers) *xevrouter.Router {
	r := xevrouter.New()
	for key, fn := range map[string]xevrouter.HandlerFunc{
		"graded": h.OnGraded,
		"voided": h.OnVoided,
	} {
		if fn != nil {
			r.Handle(key, fn)
		}
	}
	return r
}
