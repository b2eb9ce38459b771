// Package api receives a partner's acknowledgements, each under the
// partner's message ID.
package api

import (
	"context"
	"net/http"

	"example.com/wirednamed/store"
)

// AckStore stores acknowledgements.
type AckStore interface {
	Insert(ctx context.Context, a store.Ack) error
}

// ReceiptStore stores receipts.
type ReceiptStore interface {
	Add(ctx context.Context, r *store.Receipt) error
}

// Handler serves the partner's callbacks.
type Handler struct {
	Acks     AckStore
	Receipts ReceiptStore
}

// PostAck stores the acknowledgement the partner resends until it gets
// an answer.
func (h *Handler) PostAck(w http.ResponseWriter, r *http.Request) {
	a := store.Ack{MessageID: r.Header.Get("X-Message-Id"), Code: r.FormValue("code")}
	if err := h.Acks.Insert(r.Context(), a); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// PostReceipt stores the count the partner received of a lot, under the
// lot's reference.
func (h *Handler) PostReceipt(w http.ResponseWriter, r *http.Request) {
	if err := h.Receipts.Add(r.Context(), &store.Receipt{LotRef: r.Header.Get("X-Lot-Ref"), Count: 1}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
