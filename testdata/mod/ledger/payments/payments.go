// Package payments records payments and refunds under the caller's
// Idempotency-Key, and settles them from the processor's events.
package payments

import (
	"encoding/json"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

// Service serves the payment endpoints. DB is a sqlx handle over the pgx
// stdlib driver; Pool is a pgx pool on the same database.
type Service struct {
	DB   *sqlx.DB
	Pool *pgxpool.Pool
}

// Routes registers the handlers on mux.
func (s *Service) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /payments", s.Create)
	mux.HandleFunc("POST /v2/payments", s.CreateOnce)
	mux.HandleFunc("POST /payments/{id}/refunds", s.Refund)
	mux.HandleFunc("POST /v2/payments/{id}/refunds", s.RefundOnce)
}

type paymentRequest struct {
	AccountID   int64  `json:"account_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

const idempotencyHeader = "Idempotency-Key"

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
