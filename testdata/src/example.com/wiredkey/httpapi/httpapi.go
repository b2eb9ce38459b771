// Package httpapi holds the handlers: they see only app's interfaces.
package httpapi

import (
	"context"
	"net/http"
	"time"

	"example.com/wiredkey/app"
	"example.com/wiredkey/db"
)

type Handler struct {
	Orders   app.Orders
	Tickets  db.Querier
	Filings  app.Store
	Bookings app.Bookings
	Billing  app.Billing
	Deposits app.Deposits
	Garage   Retirer
	Tips     Tipper
}

// Tipper charges tips; main wires its implementation.
type Tipper interface {
	Tip(ctx context.Context, total int64) error
	TipDirect(ctx context.Context, total int64) error
	TipKeyed(ctx context.Context, key string, total int64) error
}

func (h *Handler) Tip(w http.ResponseWriter, r *http.Request) {
	h.Tips.Tip(r.Context(), 5)
}

func (h *Handler) TipDirect(w http.ResponseWriter, r *http.Request) {
	h.Tips.TipDirect(r.Context(), 5)
}

func (h *Handler) TipKeyed(w http.ResponseWriter, r *http.Request) {
	h.Tips.TipKeyed(r.Context(), r.Header.Get("Idempotency-Key"), 5)
}

// Retirer retires vehicles; main wires its implementation.
type Retirer interface {
	Retire(ctx context.Context, vehicleID string) error
}

func (h *Handler) Retire(w http.ResponseWriter, r *http.Request) {
	h.Garage.Retire(r.Context(), r.FormValue("vehicle"))
}

func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	h.Orders.Place(r.Context(), app.PlaceInput{Total: 100, IdempotencyKey: r.Header.Get("Idempotency-Key")})
}

func (h *Handler) PlaceNoted(w http.ResponseWriter, r *http.Request) {
	h.Orders.PlaceNoted(r.Context(), app.PlaceInput{Total: 100, Note: r.FormValue("note")})
}

func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	h.Orders.Transfer(r.Context(), key, r.FormValue("from"), r.FormValue("to"), 100)
}

func (h *Handler) Import(w http.ResponseWriter, r *http.Request) {
	h.Orders.Import(r.Context(), r.Header.Get("Idempotency-Key"), []int64{1, 2})
}

func (h *Handler) Archive(w http.ResponseWriter, r *http.Request) {
	h.Orders.Archive(r.Context(), r.Header.Get("Idempotency-Key"))
}

func (h *Handler) PlaceVia(w http.ResponseWriter, r *http.Request) {
	h.Orders.PlaceVia(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

// Ticket issues the ticket under the ID its client gave it.
func (h *Handler) Ticket(w http.ResponseWriter, r *http.Request) {
	h.Tickets.CreateTicket(r.Context(), r.FormValue("ticket_id"), r.FormValue("event_id"))
}

func (h *Handler) Label(w http.ResponseWriter, r *http.Request) {
	h.Orders.Label(r.Context(), r.Header.Get("Idempotency-Key"))
}

func (h *Handler) LabelUser(w http.ResponseWriter, r *http.Request) {
	h.Orders.Label(r.Context(), r.FormValue("user"))
}

func (h *Handler) Gifts(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	h.Orders.Gift(r.Context(), key, 10)
	h.Orders.Gift(r.Context(), key, 20)
}

func (h *Handler) Bulk(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	for _, t := range []int64{10, 20} {
		h.Orders.Single(r.Context(), key, t)
	}
}

func (h *Handler) File(w http.ResponseWriter, r *http.Request) {
	h.Filings.File(r.Context(), r.PathValue("shipment"))
}

func (h *Handler) CloseDay(w http.ResponseWriter, r *http.Request) {
	day, err := time.Parse(time.DateOnly, r.FormValue("day"))
	if err != nil {
		return
	}
	h.Filings.Close(r.Context(), r.PathValue("shop"), day)
}

func (h *Handler) Book(w http.ResponseWriter, r *http.Request) {
	h.Bookings.Book(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}

func (h *Handler) Bill(w http.ResponseWriter, r *http.Request) {
	h.Billing.Bill(r.Context(), r.Header.Get("Idempotency-Key"))
}

func (h *Handler) Deposit(w http.ResponseWriter, r *http.Request) {
	h.Deposits.Deposit(r.Context(), 100)
}

func (h *Handler) DepositKeyed(w http.ResponseWriter, r *http.Request) {
	h.Deposits.DepositKeyed(r.Context(), r.Header.Get("Idempotency-Key"), 100)
}
