// Package xwire registers the handlers of another package with the
// router of a third, from a table.
package xwire

import (
	"freshid/xhandlers"
	"freshid/xloop"
)

// Wire registers each entry of the table: an entry's function, of a
// type the router's loop runs, is a root where the entry names it.
func Wire(r *xloop.Router, h *xhandlers.Handlers) {
	table := []struct {
		topic string
		h     xloop.Handler
	}{
		{"bookings", h.Book}, // want `a retry inserts a second bookings row with a new id: uuid.NewString\(\) in xhandlers.Handlers.Book \(xhandlers.go:18:85\) is fresh on every attempt \(kafka-go consumer loop Handlers.Book\)`
		{"audits", h.Audit},
	}
	for _, e := range table {
		r.Route(e.topic, e.h)
	}
}
