package billing

import (
	"log"
	"net/http"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

// Pay confirms a PaymentIntent through the package-level API and sends
// no idempotency key: a client that retries after a timeout charges the
// card a second time.
func (s *Server) Pay(w http.ResponseWriter, r *http.Request) {
	orderID := r.PathValue("id")
	var req payRequest
	if !decode(w, r, &req) {
		return
	}
	requestID := uuid.NewString() // safe: a correlation id, only logged
	log.Printf("request %s: paying order %s", requestID, orderID)

	params := &stripe.PaymentIntentParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		Confirm:       stripe.Bool(true),
	}
	params.AddMetadata("order_id", orderID)
	pi, err := paymentintent.New(params) // finding: IDEM002 fix: r.Header.Get("Idempotency-Key")
	if err != nil {
		http.Error(w, err.Error(), http.StatusPaymentRequired)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"payment_intent": pi.ID, "status": string(pi.Status)})
}

// PayWithKey passes the caller's Idempotency-Key to Stripe, so a retry
// within Stripe's key window returns the first PaymentIntent. Nothing is
// recorded before the charge: a crash between the charge and the INSERT
// leaves no trace of it here, and a retry after Stripe pruned the key
// charges again.
func (s *Server) PayWithKey(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	orderID := r.PathValue("id")
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	var req payRequest
	if !decode(w, r, &req) {
		return
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		Confirm:       stripe.Bool(true),
	}
	params.SetIdempotencyKey(key)
	pi, err := s.Stripe.V1PaymentIntents.Create(ctx, params) // finding: IDEM003
	if err != nil {
		http.Error(w, err.Error(), http.StatusPaymentRequired)
		return
	}
	_, err = s.Pool.Exec(ctx,
		"INSERT INTO payments (order_id, payment_intent_id, status) VALUES ($1, $2, $3)",
		orderID, pi.ID, string(pi.Status))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"payment_intent": pi.ID})
}

// PayOnce is the intent-first version: the payment attempt is committed
// under the caller's key (the conflict clause makes a retry a no-op), the
// charge carries the same key, and the PaymentIntent's ID is written back
// to the attempt. After a crash the attempt row says which key to
// reconcile with Stripe.
func (s *Server) PayOnce(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	orderID := r.PathValue("id")
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	var req payRequest
	if !decode(w, r, &req) {
		return
	}
	_, err := s.Pool.Exec(ctx,
		`INSERT INTO payment_attempts (idempotency_key, order_id, amount_cents, currency, status)
		 VALUES ($1, $2, $3, $4, 'pending')
		 ON CONFLICT (idempotency_key) DO NOTHING`,
		key, orderID, req.AmountCents, req.Currency)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		Confirm:       stripe.Bool(true),
	}
	params.IdempotencyKey = stripe.String(key)
	pi, err := s.Stripe.V1PaymentIntents.Create(ctx, params) // safe: the key is committed in payment_attempts before the charge, which carries it
	if err != nil {
		http.Error(w, err.Error(), http.StatusPaymentRequired)
		return
	}
	_, err = s.Pool.Exec(ctx,
		"UPDATE payment_attempts SET payment_intent_id = $1, status = $2 WHERE idempotency_key = $3",
		pi.ID, string(pi.Status), key)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"payment_intent": pi.ID})
}
