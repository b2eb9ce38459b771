// Command payments is a small orders-and-payments service: it takes an
// order, then charges it through Stripe. Two of its handlers are not safe
// to retry; see README.md.
package main

import (
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"os"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
)

type server struct {
	db     *sql.DB // opened with the driver the deployment links in
	stripe *stripe.Client
}

type orderRequest struct {
	CustomerID  string `json:"customer_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

type chargeRequest struct {
	OrderID string `json:"order_id"`
}

// createOrder is retried by clients on a timeout. The order id is new on
// every attempt, so a retry after a lost response stores a second order.
func (s *server) createOrder(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	orderID := uuid.New()
	_, err := s.db.ExecContext(r.Context(),
		`INSERT INTO orders (id, customer_id, amount_cents, currency, status)
		 VALUES ($1, $2, $3, $4, 'pending')`,
		orderID, req.CustomerID, req.AmountCents, req.Currency)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"order_id": orderID.String()})
}

// chargeOrder sends Stripe a fresh idempotency key on every attempt, so
// Stripe cannot tell a retry from a new payment: the customer pays twice.
func (s *server) chargeOrder(w http.ResponseWriter, r *http.Request) {
	var req chargeRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	params := &stripe.PaymentIntentCreateParams{Confirm: stripe.Bool(true)}
	if err := s.loadAmount(r, req.OrderID, params); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	params.IdempotencyKey = stripe.String(uuid.NewString())
	pi, err := s.stripe.V1PaymentIntents.Create(r.Context(), params)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"payment_intent": pi.ID})
}

// chargeOrderSafe keys the charge on the order: every attempt for the
// same order sends Stripe the same idempotency key. The request id is
// fresh, but only goes to the log and the response.
func (s *server) chargeOrderSafe(w http.ResponseWriter, r *http.Request) {
	requestID := uuid.NewString()
	log.Printf("request %s: charge", requestID)
	w.Header().Set("X-Request-Id", requestID)
	var req chargeRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	params := &stripe.PaymentIntentCreateParams{Confirm: stripe.Bool(true)}
	if err := s.loadAmount(r, req.OrderID, params); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	params.SetIdempotencyKey("charge-" + req.OrderID)
	pi, err := s.stripe.V1PaymentIntents.Create(r.Context(), params)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"payment_intent": pi.ID})
}

// loadAmount fills in the order's amount and currency.
func (s *server) loadAmount(r *http.Request, orderID string, p *stripe.PaymentIntentCreateParams) error {
	var amount int64
	var currency string
	err := s.db.QueryRowContext(r.Context(),
		"SELECT amount_cents, currency FROM orders WHERE id = $1", orderID).Scan(&amount, &currency)
	p.Amount, p.Currency = stripe.Int64(amount), stripe.String(currency)
	p.Metadata = map[string]string{"order_id": orderID}
	return err
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	s := &server{db: db, stripe: stripe.NewClient(os.Getenv("STRIPE_SECRET_KEY"))}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", s.createOrder)
	mux.HandleFunc("POST /charges", s.chargeOrder)
	mux.HandleFunc("POST /v2/charges", s.chargeOrderSafe)
	mux.HandleFunc("POST /shipments", s.bookShipment)
	mux.HandleFunc("POST /refunds", s.refund)
	mux.HandleFunc("POST /webhooks/stripe", s.webhook)
	log.Fatal(http.ListenAndServe(":8080", mux))
}
