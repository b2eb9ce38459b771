// Package http serves the orders API; it knows the service only by its
// interface.
package http

import (
	"encoding/json"
	"net/http"

	"github.com/google/uuid"

	"example.com/cleanarch/internal/app"
)

type Handlers struct {
	Orders app.OrderService
}

type placeOrderRequest struct {
	Customer string `json:"customer"`
	Total    int64  `json:"total"`
}

// PlaceOrder makes the order's ID fresh on every attempt: the repository
// main wires inserts it as orders.id, so a retried POST places a second
// order.
func (h *Handlers) PlaceOrder(w http.ResponseWriter, r *http.Request) {
	var req placeOrderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	order := app.Order{
		ID:       uuid.NewString(), // finding: IDEM001
		Customer: req.Customer,
		Total:    req.Total,
	}
	if err := h.Orders.PlaceOrder(r.Context(), order); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// orderNamespace scopes the IDs derived from callers' keys.
var orderNamespace = uuid.MustParse("6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d")

// PlaceOrderKeyed derives the order's ID from the caller's key: a retry
// carries the same key, so the same ID.
func (h *Handlers) PlaceOrderKeyed(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	order := app.Order{
		ID:       uuid.NewSHA1(orderNamespace, []byte(key)).String(), // safe: derived from the caller's key
		Customer: r.FormValue("customer"),
	}
	if err := h.Orders.PlaceOrder(r.Context(), order); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// AddNote passes a fresh request ID that the repository keeps as the
// note's body, not as an identity.
func (h *Handlers) AddNote(w http.ResponseWriter, r *http.Request) {
	requestID := uuid.NewString() // safe: stored as text, the note's identity is made by the repository
	if err := h.Orders.AddNote(r.Context(), r.PathValue("id"), requestID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Pay records a payment under the caller's key, with a memo.
func (h *Handlers) Pay(w http.ResponseWriter, r *http.Request) {
	p := app.Payment{Key: r.Header.Get("Idempotency-Key"), Memo: r.FormValue("memo"), Amount: 5}
	if err := h.Orders.Pay(r.Context(), p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
