// Package billing charges customers through Stripe from the payment API's
// net/http handlers. Each handler is a retried root: a client that times
// out posts the same payment again.
package billing

import (
	"encoding/json"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"
)

// Server holds the handlers' dependencies.
type Server struct {
	Pool   *pgxpool.Pool
	Stripe *stripe.Client
}

// Routes registers the payment handlers.
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /orders/{id}/pay", s.Pay)
	mux.HandleFunc("POST /v2/orders/{id}/pay", s.PayWithKey)
	mux.HandleFunc("POST /v3/orders/{id}/pay", s.PayOnce)
	mux.HandleFunc("POST /orders/{id}/refund", s.Refund)
}

// payRequest is the body of a payment request.
type payRequest struct {
	AmountCents   int64  `json:"amount_cents"`
	Currency      string `json:"currency"`
	PaymentMethod string `json:"payment_method"`
	CustomerID    string `json:"customer_id"`
}

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
