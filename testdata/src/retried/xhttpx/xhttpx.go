// Package xhttpx adapts handlers that return an error to net/http.
package xhttpx

import "net/http"

// Handler reports failure by returning an error.
type Handler func(w http.ResponseWriter, r *http.Request) error

// ServeHTTP runs the handler and renders its error.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want `root: HTTP handler Handler.ServeHTTP`
	if err := h(w, r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Logged is a function type with a method that does not call its
// receiver: converting to it makes nothing a root.
type Logged func(w http.ResponseWriter, r *http.Request) error

// Name names the handler.
func (l Logged) Name() string { return "logged" }
