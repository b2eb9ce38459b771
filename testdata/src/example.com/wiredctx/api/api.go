// Package api serves orders over HTTP, through the interfaces it
// declares.
package api

import (
	"context"
	"net/http"

	"example.com/wiredctx/ledger"
)

// Orders places orders.
type Orders interface {
	Place(ctx context.Context, total int64) error
	Line(ctx context.Context, total int64) error
	Tag(ctx context.Context, total int64) error
	Confirm(ctx context.Context, to string) error
	RemindAll(ctx context.Context, to []string) error
	Archive(ctx context.Context, total int64) error
	ArchiveEach(ctx context.Context, totals []int64) error
	Return(ctx context.Context, order string) error
	Reorder(ctx context.Context, total int64) error
	Resend(ctx context.Context, total int64) error
}

// A Note is a note on an order.
type Note struct{ Text string }

// Noter keeps notes.
type Noter interface {
	Note(ctx context.Context, n Note) error
}

// Payments charges cards.
type Payments interface {
	Charge(ctx context.Context, amount int64) error
	ChargeEach(ctx context.Context, amounts []int64) error
}

// UnitOfWork runs work in one transaction.
type UnitOfWork interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Balances moves money.
type Balances interface {
	Debit(ctx context.Context, id string, n int64) error
	Move(ctx context.Context, m *ledger.Movement) error
}

// Handler serves the orders.
type Handler struct {
	Orders   Orders
	Notes    Noter
	Payments Payments
	Work     UnitOfWork
	Balances Balances
}

// Create places an order.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	if err := h.Orders.Place(r.Context(), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Bulk places an order per line.
func (h *Handler) Bulk(w http.ResponseWriter, r *http.Request) {
	for _, total := range []int64{1, 2} {
		h.Orders.Line(r.Context(), total)
	}
}

// Tag tags orders.
func (h *Handler) Tag(w http.ResponseWriter, r *http.Request) {
	orders := []int64{1}
	h.Orders.Tag(r.Context(), orders[0])
}

// Note notes an order: the package that keeps notes imports this one.
func (h *Handler) Note(w http.ResponseWriter, r *http.Request) {
	h.Notes.Note(r.Context(), Note{Text: r.FormValue("text")})
}

// Pay charges a card.
func (h *Handler) Pay(w http.ResponseWriter, r *http.Request) {
	h.Payments.Charge(r.Context(), 100)
}

// PayEach charges a card per line.
func (h *Handler) PayEach(w http.ResponseWriter, r *http.Request) {
	h.Payments.ChargeEach(r.Context(), []int64{1, 2})
}

// Confirm emails an order's confirmation.
func (h *Handler) Confirm(w http.ResponseWriter, r *http.Request) {
	h.Orders.Confirm(r.Context(), r.FormValue("to"))
}

// RemindAll reminds the addresses of an order.
func (h *Handler) RemindAll(w http.ResponseWriter, r *http.Request) {
	h.Orders.RemindAll(r.Context(), r.Form["to"])
}

// Transfer debits and records in the unit of work's transaction, which
// it puts in the context the writes take their handle from.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Balances.Debit(ctx, "a", 10); err != nil {
			return err
		}
		return h.Balances.Move(ctx, &ledger.Movement{Ref: "t", Amount: 10})
	})
}

// TransferLoose does the same on the request's context, which carries
// no transaction: each write commits on its own.
func (h *Handler) TransferLoose(w http.ResponseWriter, r *http.Request) {
	if err := h.Balances.Debit(r.Context(), "a", 10); err != nil {
		return
	}
	h.Balances.Move(r.Context(), &ledger.Movement{Ref: "t", Amount: 10})
}

// TransferLogged debits and records in the unit of work, then logs the
// transfer on its own: two commits of three writes.
func (h *Handler) TransferLogged(w http.ResponseWriter, r *http.Request) {
	if err := h.Work.WithinTx(r.Context(), func(ctx context.Context) error {
		if err := h.Balances.Debit(ctx, "a", 10); err != nil {
			return err
		}
		return h.Balances.Move(ctx, &ledger.Movement{Ref: "t", Amount: 10})
	}); err != nil {
		return
	}
	h.Balances.Move(r.Context(), &ledger.Movement{Ref: "log"})
}

// Archive archives an order.
func (h *Handler) Archive(w http.ResponseWriter, r *http.Request) {
	h.Orders.Archive(r.Context(), 100)
}

// ArchiveEach archives an order per line.
func (h *Handler) ArchiveEach(w http.ResponseWriter, r *http.Request) {
	h.Orders.ArchiveEach(r.Context(), []int64{1, 2})
}

// Return records a return.
func (h *Handler) Return(w http.ResponseWriter, r *http.Request) {
	h.Orders.Return(r.Context(), r.FormValue("order"))
}

// Reorder places an order again through a helper that has no request
// in scope: the handler puts the key in the context it passes it.
func (h *Handler) Reorder(w http.ResponseWriter, r *http.Request) {
	if err := h.reorder(r.Context(), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *Handler) reorder(ctx context.Context, total int64) error {
	return h.Orders.Reorder(ctx, total)
}

// Resend does the same through a helper that makes a context of its
// own, which would carry no key.
func (h *Handler) Resend(w http.ResponseWriter, r *http.Request) {
	h.resend(r.Context())
}

func (h *Handler) resend(ctx context.Context) error {
	return h.Orders.Resend(context.Background(), 100)
}
