// Package accrual credits members' miles over HTTP, through stores that
// main wires.
package accrual

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// A Rental is a car rental's accrual.
type Rental struct {
	ID, MemberID string
	Miles        int
}

// A Posting is an entry of a member's miles.
type Posting struct {
	MemberID, Source, SourceRef string
	Miles                       int
}

// Accruals stores accruals.
type Accruals interface {
	InsertRental(ctx context.Context, r Rental) error
}

// Ledger posts miles.
type Ledger interface {
	Post(ctx context.Context, p Posting) error
	Credit(ctx context.Context, p Posting) error
	Chargeback(ctx context.Context, id string, miles int) error
	Dispute(ctx context.Context, id string) error
}

// Tx runs work in one transaction, which the stores given its context
// join.
type Tx interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Handlers credits miles.
type Handlers struct {
	Accruals Accruals
	Ledger   Ledger
	Tx       Tx
}

// Rental stores the rental under a new ID and posts its miles under
// that ID: a retry makes a new rental and a new entry, which is
// freshid's finding, not a repeat of the same entry.
func (h *Handlers) Rental(w http.ResponseWriter, r *http.Request) {
	rental := Rental{ID: uuid.NewString(), MemberID: r.FormValue("member"), Miles: 100} // want `a retry creates a second rentalModel with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handlers.Rental\)`
	if err := h.Accruals.InsertRental(r.Context(), rental); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Ledger.Credit(r.Context(), Posting{MemberID: rental.MemberID, Source: "car", SourceRef: rental.ID, Miles: rental.Miles}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Lease does what Rental does, in one transaction.
func (h *Handlers) Lease(w http.ResponseWriter, r *http.Request) {
	lease := Rental{ID: uuid.NewString(), MemberID: r.FormValue("member"), Miles: 300} // want `a retry creates a second rentalModel with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handlers.Lease\)`
	err := h.Tx.Do(r.Context(), func(ctx context.Context) error {
		if err := h.Accruals.InsertRental(ctx, lease); err != nil {
			return err
		}
		return h.Ledger.Credit(ctx, Posting{MemberID: lease.MemberID, Source: "lease", SourceRef: lease.ID, Miles: lease.Miles})
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Card posts a card transaction under the reference the caller sends: a
// retry inserts the same entry again.
func (h *Handlers) Card(w http.ResponseWriter, r *http.Request) {
	if err := h.Ledger.Post(r.Context(), Posting{MemberID: r.FormValue("member"), Source: "card", SourceRef: r.FormValue("txn"), Miles: 10}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Chargeback records the provider's chargeback and its dispute, under
// the provider's ID.
func (h *Handlers) Chargeback(w http.ResponseWriter, r *http.Request) {
	id := r.FormValue("chargeback")
	if err := h.Ledger.Chargeback(r.Context(), id, 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Ledger.Dispute(r.Context(), id); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
