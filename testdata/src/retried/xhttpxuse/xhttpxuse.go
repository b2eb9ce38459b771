// Package xhttpxuse registers error-returning handlers through another
// package's adapter type.
package xhttpxuse

import (
	"net/http"

	"retried/xhttpx"
)

// Handlers serves the routes.
type Handlers struct{}

func (h *Handlers) create(w http.ResponseWriter, r *http.Request) error {
	return nil
}

func (h *Handlers) describe(w http.ResponseWriter, r *http.Request) error {
	return nil
}

// Register routes the handlers: each converted to the adapter's type is
// what its ServeHTTP runs on a delivery.
func (h *Handlers) Register(mux *http.ServeMux) {
	mux.Handle("POST /items", xhttpx.Handler(h.create)) // want `root: HTTP handler Handlers.create`
	_ = xhttpx.Logged(h.describe).Name()
}
