package payments

import (
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"
)

type refundRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Refund looks the key up on the pool and refunds in a transaction when
// it finds none. Two attempts that arrive together (a client timeout and
// its retry) both find no key and both refund: the check is not in the
// refund's transaction, and the key insert below tolerates the conflict.
func (s *Service) Refund(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get(idempotencyHeader)
	paymentID := r.PathValue("id")
	var req refundRequest
	if !decode(w, r, &req) {
		return
	}
	var status int
	err := s.Pool.QueryRow(ctx, "SELECT response_status FROM idempotency_keys WHERE key = $1", key).Scan(&status) // finding: IDEM004
	switch {
	case err == nil:
		w.WriteHeader(status) // replay the first attempt's answer
		return
	case !errors.Is(err, pgx.ErrNoRows):
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}

	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO refunds (payment_id, amount_cents) VALUES ($1, $2)", paymentID, req.AmountCents); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.Exec(ctx, "UPDATE payments SET refunded_cents = refunded_cents + $1 WHERE id = $2", req.AmountCents, paymentID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.Exec(ctx, "INSERT INTO idempotency_keys (key, response_status) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, http.StatusCreated); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// RefundOnce claims the key first, in the refund's transaction, and
// refunds only when the claim inserted a row. A concurrent attempt waits
// on the claimed key's row lock and then inserts nothing.
func (s *Service) RefundOnce(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get(idempotencyHeader)
	paymentID := r.PathValue("id")
	var req refundRequest
	if !decode(w, r, &req) {
		return
	}
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "INSERT INTO idempotency_keys (key, response_status) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, http.StatusCreated) // safe: the claim runs in the refund's transaction and rows affected decides
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if tag.RowsAffected() == 0 {
		w.WriteHeader(http.StatusOK) // an earlier attempt refunded
		return
	}
	if _, err := tx.Exec(ctx, "INSERT INTO refunds (payment_id, amount_cents) VALUES ($1, $2)", paymentID, req.AmountCents); err != nil { // safe: guarded by the key claim in the same transaction
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.Exec(ctx, "UPDATE payments SET refunded_cents = refunded_cents + $1 WHERE id = $2", req.AmountCents, paymentID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}
