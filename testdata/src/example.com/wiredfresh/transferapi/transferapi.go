// Package transferapi serves the transfers of package transfers.
package transferapi

import (
	"net/http"
	"strconv"

	"example.com/wiredfresh/transfers"
)

// API serves transfers.
type API struct{ Transfers *transfers.Service }

func amount(r *http.Request) int64 {
	n, _ := strconv.ParseInt(r.FormValue("amount"), 10, 64)
	return n
}

// Create makes one transfer per request: the fix hands the request's key
// to the service in the context it passes.
func (a *API) Create(w http.ResponseWriter, r *http.Request) {
	if _, err := a.Transfers.Create(r.Context(), r.FormValue("from"), r.FormValue("to"), amount(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Book passes the request's key as the transfer's reference: the fix
// derives the ID from it.
func (a *API) Book(w http.ResponseWriter, r *http.Request) {
	if err := a.Transfers.Book(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("from"), r.FormValue("to"), amount(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Reverse reverses a transfer.
func (a *API) Reverse(w http.ResponseWriter, r *http.Request) {
	if err := a.Transfers.Reverse(r.Context(), r.FormValue("from"), r.FormValue("to"), amount(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Note notes a transfer: the note's ID, made where main's notes store
// it, is derived from the key the handler puts in the context.
func (a *API) Note(w http.ResponseWriter, r *http.Request) {
	if err := a.Transfers.Note(r.Context(), r.FormValue("transfer"), r.FormValue("text")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Payout pays an amount out.
func (a *API) Payout(w http.ResponseWriter, r *http.Request) {
	if err := a.Transfers.Payout(r.Context(), amount(r)); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// NoteHandler returns a handler of notes on transfers, whose parameter
// takes the name of the package the fix imports: it imports it under
// another.
func NoteHandler(store *transfers.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := store.Note(r.Context(), r.FormValue("transfer"), r.FormValue("text")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// Flag flags a transfer.
func (a *API) Flag(w http.ResponseWriter, r *http.Request) {
	if err := a.Transfers.Flag(r.Context(), r.FormValue("transfer")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Halves makes two transfers of one request: one key in both contexts
// would give both one ID, so there is no fix.
func (a *API) Halves(w http.ResponseWriter, r *http.Request) {
	half := amount(r) / 2
	if err := a.Transfers.Split(r.Context(), r.FormValue("from"), r.FormValue("to"), half); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := a.Transfers.Split(r.Context(), r.FormValue("from"), r.FormValue("to"), amount(r)-half); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
