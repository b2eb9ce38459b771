package main

import (
	"encoding/json"
	"net/http"
	"strings"
)

type shipRequest struct {
	OrderID string `json:"order_id"`
	Address string `json:"address"`
}

// bookShipment is the article's self-check as an HTTP handler: it records
// the shipment, books a collection with the carrier, and writes the
// tracking number back. The carrier call carries no idempotency key, and
// nothing that it carries is committed before it: a crash after the
// booking books a second collection on the retry.
func (s *server) bookShipment(w http.ResponseWriter, r *http.Request) {
	var req shipRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	orderID := req.OrderID
	if _, err := s.db.ExecContext(r.Context(),
		"INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	book, err := http.NewRequestWithContext(r.Context(), "POST", "https://carrier.example/v1/collections", strings.NewReader(req.Address))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	resp, err := http.DefaultClient.Do(book)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	var booking struct {
		TrackingNumber string `json:"tracking_number"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&booking); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	if _, err := s.db.ExecContext(r.Context(),
		"UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", booking.TrackingNumber, orderID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"tracking_number": booking.TrackingNumber})
}

type refundRequest struct {
	CustomerID  string `json:"customer_id"`
	AmountCents int64  `json:"amount_cents"`
}

// refund credits the customer and records the refund in two statements
// that commit one by one: a failure between them leaves half a refund,
// and the retry credits the customer again.
func (s *server) refund(w http.ResponseWriter, r *http.Request) {
	var req refundRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	s.db.ExecContext(ctx, "UPDATE balances SET cents = cents + $1 WHERE customer_id = $2", req.AmountCents, req.CustomerID)
	s.db.ExecContext(ctx, "INSERT INTO refunds (customer_id, cents) VALUES ($1, $2)", req.CustomerID, req.AmountCents)
	w.WriteHeader(http.StatusNoContent)
}

type stripeEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

// webhook stores Stripe's events. Stripe delivers an event more than
// once; the event ID is the row's identity, but the INSERT has no
// conflict handling, so the redelivery fails with a duplicate key.
func (s *server) webhook(w http.ResponseWriter, r *http.Request) {
	var ev stripeEvent
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := s.db.ExecContext(r.Context(), "INSERT INTO stripe_events (id, type) VALUES ($1, $2)", ev.ID, ev.Type); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
