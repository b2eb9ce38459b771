package payments

import (
	"net/http"
)

// Create claims the Idempotency-Key on the sqlx handle, where it commits
// at once, and then books the payment in a transaction. A crash or a
// failed commit after the claim leaves the key without its payment: the
// retry is answered 409 and the payment is never made.
func (s *Service) Create(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get(idempotencyHeader)
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	var req paymentRequest
	if !decode(w, r, &req) {
		return
	}
	res, err := s.DB.ExecContext(ctx, "INSERT INTO idempotency_keys (key, created_at) VALUES ($1, now()) ON CONFLICT DO NOTHING", key) // finding: IDEM004
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		http.Error(w, "request already processed", http.StatusConflict)
		return
	}

	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback()
	var paymentID int64
	err = tx.QueryRowxContext(ctx,
		"INSERT INTO payments (account_id, amount_cents, currency, status) VALUES ($1, $2, $3, 'pending') RETURNING id",
		req.AccountID, req.AmountCents, req.Currency).Scan(&paymentID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance_cents = balance_cents - $1 WHERE id = $2", req.AmountCents, req.AccountID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": paymentID})
}

// CreateOnce claims the key with INSERT ... ON CONFLICT DO NOTHING inside
// the payment's transaction and goes on only when the claim inserted a
// row: the key and the payment commit together or not at all.
func (s *Service) CreateOnce(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := r.Header.Get(idempotencyHeader)
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	var req paymentRequest
	if !decode(w, r, &req) {
		return
	}
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key, created_at) VALUES ($1, now()) ON CONFLICT DO NOTHING", key) // safe: the key is claimed in the payment's transaction, and rows affected decides
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		http.Error(w, "request already processed", http.StatusConflict)
		return
	}
	var paymentID int64
	err = tx.QueryRowxContext(ctx, // safe: on the guard's first-time branch, in the guard's transaction
		"INSERT INTO payments (account_id, amount_cents, currency, status) VALUES ($1, $2, $3, 'pending') RETURNING id",
		req.AccountID, req.AmountCents, req.Currency).Scan(&paymentID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance_cents = balance_cents - $1 WHERE id = $2", req.AmountCents, req.AccountID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := tx.Commit(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": paymentID})
}
