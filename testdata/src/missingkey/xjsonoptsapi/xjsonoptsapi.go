// Package xjsonoptsapi settles a partner's invoices on request.
package xjsonoptsapi

import (
	"net/http"

	"missingkey/xjsonoptsuse"
)

type Handler struct{ partner *xjsonoptsuse.Partner }

func (h *Handler) Settle(w http.ResponseWriter, r *http.Request) {
	_ = h.partner.SubmitInvoice(r.Context(), xjsonoptsuse.Invoice{Lot: r.FormValue("lot"), Cents: 100}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the key option, from the request's header.
func (h *Handler) SettleKeyed(w http.ResponseWriter, r *http.Request) {
	_ = h.partner.SubmitInvoice(r.Context(), xjsonoptsuse.Invoice{Lot: r.FormValue("lot"), Cents: 100}, xjsonoptsuse.IdempotencyKey(r.Header.Get("Idempotency-Key")))
}
