// Package app moves money between accounts.
package app

import (
	"context"
	"net/http"

	"example.com/wiredget/repo"
)

// Service moves money.
type Service struct{ Store repo.Store }

// Transfer takes the repository from the store once and writes twice on
// it: each write commits on the pool by itself.
func (s *Service) Transfer(ctx context.Context, from, to string, cents int64) error {
	accounts := s.Store.Accounts()
	if err := accounts.Debit(ctx, from, cents); err != nil {
		return err
	}
	return accounts.Credit(ctx, to, cents)
}

// TransferTx writes both on the store the transaction hands it.
func (s *Service) TransferTx(ctx context.Context, from, to string, cents int64) error {
	return s.Store.InTx(ctx, func(st repo.Store) error {
		accounts := st.Accounts()
		if err := accounts.Debit(ctx, from, cents); err != nil {
			return err
		}
		return accounts.Credit(ctx, to, cents)
	})
}

// Handler serves transfers.
type Handler struct{ Svc *Service }

// Transfer moves 100 between the request's accounts.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.Transfer(r.Context(), r.FormValue("from"), r.FormValue("to"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// TransferTx moves 100 in one transaction.
func (h *Handler) TransferTx(w http.ResponseWriter, r *http.Request) {
	if err := h.Svc.TransferTx(r.Context(), r.FormValue("from"), r.FormValue("to"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
