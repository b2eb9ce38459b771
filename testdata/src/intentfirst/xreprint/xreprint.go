// Package xreprint orders reprints from a partner whose client makes
// its requests with a shared builder, and stores the partner's
// reference afterwards.
package xreprint

import (
	"database/sql"
	"encoding/json"
	"net/http"

	"missingkey/xprintpost"
	"missingkey/xreqopts"
)

type Handler struct {
	db     *sql.DB
	client *xprintpost.Client
}

// Reprint asks for the reprint before anything records it: a crash
// after the call orders a second one on the retry.
func (h *Handler) Reprint(w http.ResponseWriter, r *http.Request) {
	var in xprintpost.Reprint
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ack, err := h.client.RequestReprint(r.Context(), in) // want `a crash after the HTTP request in Client.RequestReprint and before its outcome is written back.*HTTP handler Handler.Reprint`
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if _, err := h.db.ExecContext(r.Context(), `INSERT INTO reprints (original, partner_ref) VALUES ($1, $2)`, in.OriginalReference, ack.Reference); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// ReprintRecorded records the request first, then asks: a crash after
// the call leaves the row to reconcile by.
func (h *Handler) ReprintRecorded(w http.ResponseWriter, r *http.Request) {
	var in xprintpost.Reprint
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var id int64
	if err := h.db.QueryRowContext(r.Context(), `INSERT INTO reprints (original) VALUES ($1) RETURNING id`, in.OriginalReference).Scan(&id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	ack, err := h.client.RequestReprint(r.Context(), in)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if _, err := h.db.ExecContext(r.Context(), `UPDATE reprints SET partner_ref = $1 WHERE id = $2`, ack.Reference, id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

var _ = xreqopts.Bearer
