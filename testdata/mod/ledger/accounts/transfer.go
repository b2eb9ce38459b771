// Package accounts moves money between ledger accounts: the transfer API
// and the nightly interest job.
package accounts

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/ledger/store"
)

// Handler serves the transfer endpoints.
type Handler struct {
	Pool *pgxpool.Pool
	// Queries runs the generated ledger queries on a handle that main
	// chooses (the pool, or a transaction in tests).
	Queries *store.Queries
}

// Routes registers the handlers on mux.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /transfers", h.Transfer)
	mux.HandleFunc("POST /v2/transfers", h.TransferTx)
	mux.HandleFunc("POST /v3/transfers", h.TransferFunc)
	mux.HandleFunc("POST /adjustments", h.Adjust)
}

type transferRequest struct {
	From        int64 `json:"from"`
	To          int64 `json:"to"`
	AmountCents int64 `json:"amount_cents"`
}

const (
	debitSQL  = "UPDATE accounts SET balance_cents = balance_cents - $1, updated_at = now() WHERE id = $2"
	creditSQL = "UPDATE accounts SET balance_cents = balance_cents + $1, updated_at = now() WHERE id = $2"
)

// Transfer debits one account and credits the other with two statements
// on the pool, each committing on its own: a failure after the debit
// leaves the money nowhere, and the client's retry debits again.
func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	if _, err := h.Pool.Exec(ctx, debitSQL, req.AmountCents, req.From); err != nil { // finding: IDEM006
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := h.Pool.Exec(ctx, creditSQL, req.AmountCents, req.To); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// TransferTx runs both updates in one pgx transaction: either both
// commit or neither does.
func (h *Handler) TransferTx(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	tx, err := h.Pool.Begin(ctx)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, debitSQL, req.AmountCents, req.From); err != nil { // safe: both updates commit in one pgx transaction
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.Exec(ctx, creditSQL, req.AmountCents, req.To); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// TransferFunc is TransferTx written with pgx.BeginFunc.
func (h *Handler) TransferFunc(w http.ResponseWriter, r *http.Request) {
	var req transferRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	err := pgx.BeginFunc(r.Context(), h.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(r.Context(), debitSQL, req.AmountCents, req.From); err != nil { // safe: BeginFunc commits both updates together
			return err
		}
		_, err := tx.Exec(r.Context(), creditSQL, req.AmountCents, req.To)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type adjustRequest struct {
	Account     int64  `json:"account"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Adjust books a manual adjustment through the generated queries. Which
// commit unit they run in is decided by whoever built h.Queries.
func (h *Handler) Adjust(w http.ResponseWriter, r *http.Request) {
	var req adjustRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	if err := h.Queries.AddToBalance(ctx, store.AddToBalanceParams{ID: req.Account, AmountCents: req.AmountCents}); err != nil { // safe: the DBTX handle is unknown here, so the commit units are unknown
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := h.Queries.InsertAdjustment(ctx, store.InsertAdjustmentParams{AccountID: req.Account, AmountCents: req.AmountCents, Reason: req.Reason}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// Balance reads an account's balance; it is used by the statement export.
func Balance(ctx context.Context, pool *pgxpool.Pool, account int64) (int64, error) {
	var cents int64
	err := pool.QueryRow(ctx, "SELECT balance_cents FROM accounts WHERE id = $1", account).Scan(&cents)
	return cents, err
}
