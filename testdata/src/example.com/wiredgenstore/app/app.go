// Package app moves money between accounts.
package app

import (
	"context"
	"net/http"
)

type Accounts interface {
	Debit(ctx context.Context, id string, cents int64) error
	Credit(ctx context.Context, id string, cents int64) error
}

type Runner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Handler moves money.
type Handler struct {
	Accounts Accounts
	Work     Runner
}

// Transfer debits and credits with each statement on the database.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := h.Accounts.Debit(ctx, r.FormValue("from"), 500); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Accounts.Credit(ctx, r.FormValue("to"), 500); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// TransferInWork does both in the transaction the unit of work carries
// in the context.
func (h *Handler) TransferInWork(w http.ResponseWriter, r *http.Request) {
	err := h.Work.Do(r.Context(), func(ctx context.Context) error {
		if err := h.Accounts.Debit(ctx, r.FormValue("from"), 500); err != nil {
			return err
		}
		return h.Accounts.Credit(ctx, r.FormValue("to"), 500)
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
