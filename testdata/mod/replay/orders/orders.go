// Package orders serves the order API: each handler is delivered again
// when its client retries.
package orders

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"

	"example.com/replay/app"
)

// Handlers serve the API.
type Handlers struct {
	DB          *sql.DB
	Invoices    app.Invoices
	ProviderURL string
	Client      *http.Client
}

type orderRequest struct {
	OrderID string `json:"order_id"`
	Total   int64  `json:"total"`
}

func decode(w http.ResponseWriter, r *http.Request) (orderRequest, bool) {
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return req, false
	}
	return req, true
}

// Place stores the order under the ID its client gave it.
func (h *Handlers) Place(w http.ResponseWriter, r *http.Request) {
	req, ok := decode(w, r)
	if !ok {
		return
	}
	if _, err := h.DB.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", req.OrderID, req.Total); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Pay records a payment of the order.
func (h *Handlers) Pay(w http.ResponseWriter, r *http.Request) {
	req, ok := decode(w, r)
	if !ok {
		return
	}
	id := uuid.NewString()
	if _, err := h.DB.ExecContext(r.Context(), "INSERT INTO payments (id, order_id, amount) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING", id, req.OrderID, req.Total); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Invoice has the invoice service bill the order.
func (h *Handlers) Invoice(w http.ResponseWriter, r *http.Request) {
	req, ok := decode(w, r)
	if !ok {
		return
	}
	in := app.InvoiceInput{Total: req.Total, IdempotencyKey: r.Header.Get("Idempotency-Key")}
	if err := h.Invoices.Bill(r.Context(), in); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// Notify has the messaging provider tell the customer.
func (h *Handlers) Notify(w http.ResponseWriter, r *http.Request) {
	req, ok := decode(w, r)
	if !ok {
		return
	}
	body, err := json.Marshal(map[string]string{"order_id": req.OrderID, "text": "your order is placed"})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), http.MethodPost, h.ProviderURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	out.Header.Set("Content-Type", "application/json")
	resp, err := h.Client.Do(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	resp.Body.Close()
	w.WriteHeader(http.StatusAccepted)
}
