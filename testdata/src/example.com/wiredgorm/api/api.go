// Package api receives the provider's events.
package api

import (
	"encoding/json"
	"net/http"

	"example.com/wiredgorm/app"
)

type Handler struct{ Svc app.Service }

func (h *Handler) Event(w http.ResponseWriter, r *http.Request) {
	var ev app.Event
	if json.NewDecoder(r.Body).Decode(&ev) != nil {
		return
	}
	h.Svc.Record(r.Context(), ev)
}

func (h *Handler) Settle(w http.ResponseWriter, r *http.Request) {
	var ev app.Event
	if json.NewDecoder(r.Body).Decode(&ev) != nil {
		return
	}
	h.Svc.RecordAndCredit(r.Context(), ev, app.Credit{Account: "a", Amount: 5})
}

func (h *Handler) CreditOnce(w http.ResponseWriter, r *http.Request) {
	h.Svc.CreditOnce(r.Context(), r.Header.Get("Idempotency-Key"), app.Credit{Account: r.FormValue("account"), Amount: 5})
}

func (h *Handler) CreditOnceInUnit(w http.ResponseWriter, r *http.Request) {
	h.Svc.CreditOnceInUnit(r.Context(), r.Header.Get("Idempotency-Key"), app.Credit{Account: r.FormValue("account"), Amount: 5})
}

func (h *Handler) CreditOrRefund(w http.ResponseWriter, r *http.Request) {
	var ev app.Event
	if json.NewDecoder(r.Body).Decode(&ev) != nil {
		return
	}
	h.Svc.CreditOrRefund(r.Context(), ev, app.Credit{Account: "a", Amount: 5}, r.FormValue("ok") == "1")
}

func (h *Handler) Deliver(w http.ResponseWriter, r *http.Request) {
	h.Svc.Deliver(r.Context(), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) Forward(w http.ResponseWriter, r *http.Request) {
	h.Svc.Forward(r.Context(), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) Ship(w http.ResponseWriter, r *http.Request) {
	h.Svc.Ship(r.Context(), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) ShipRecorded(w http.ResponseWriter, r *http.Request) {
	h.Svc.ShipRecorded(r.Context(), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) ShipViaRecord(w http.ResponseWriter, r *http.Request) {
	h.Svc.ShipViaRecord(r.Context(), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) Credit(w http.ResponseWriter, r *http.Request) {
	h.Svc.CreditTwice(r.Context(), app.Credit{Account: r.FormValue("account"), Amount: 5})
}

func (h *Handler) ShipKeyed(w http.ResponseWriter, r *http.Request) {
	h.Svc.ShipKeyed(app.WithIdempotencyKey(r.Context(), r.Header.Get("Idempotency-Key")), app.Event{ID: r.FormValue("id")})
}

func (h *Handler) Move(w http.ResponseWriter, r *http.Request) {
	h.Svc.Move(r.Context(), app.Transfer{ID: r.FormValue("id"), From: r.FormValue("from"), To: r.FormValue("to"), Amount: 5})
}

func (h *Handler) MoveApart(w http.ResponseWriter, r *http.Request) {
	h.Svc.MoveApart(r.Context(), app.Transfer{ID: r.FormValue("id"), From: r.FormValue("from"), To: r.FormValue("to"), Amount: 5})
}

func (h *Handler) Restate(w http.ResponseWriter, r *http.Request) {
	h.Svc.Restate(r.Context(), app.Event{ID: r.FormValue("id")}, 10)
}
