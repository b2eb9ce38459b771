package billing

import (
	"net/http"
	"strconv"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

// Refund refunds an order's payment. The parameters come from
// refundParams, which may or may not set a key: the analysis has no proof
// either way and stays silent.
func (s *Server) Refund(w http.ResponseWriter, r *http.Request) {
	orderID := r.PathValue("id")
	amount, err := strconv.ParseInt(r.URL.Query().Get("amount"), 10, 64)
	if err != nil {
		http.Error(w, "bad amount", http.StatusBadRequest)
		return
	}
	var piID string
	err = s.Pool.QueryRow(r.Context(),
		"SELECT payment_intent_id FROM payments WHERE order_id = $1", orderID).Scan(&piID)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	re, err := refund.New(refundParams(piID, amount, r.Header.Get("Idempotency-Key"))) // safe: the params are built in refundParams, no proof either way
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"refund": re.ID})
}

func refundParams(paymentIntentID string, amount int64, key string) *stripe.RefundParams {
	p := &stripe.RefundParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amount),
	}
	if key != "" {
		p.SetIdempotencyKey("refund:" + key)
	}
	return p
}
