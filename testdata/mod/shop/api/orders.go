package api

import (
	"encoding/json"
	"log"
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Routes registers the net/http handlers.
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /orders", s.CreateOrder)
	mux.HandleFunc("POST /v2/orders", s.CreateOrderIdempotent)
	mux.HandleFunc("POST /v3/orders", s.PlaceOrder)
	mux.HandleFunc("POST /v4/orders", s.PlaceOrderOnce)
	mux.HandleFunc("POST /orders/{id}/receipt", s.RequestReceipt)
	mux.HandleFunc("GET /orders/{id}", s.GetOrder)
}

// CreateOrder inserts the order under a fresh id: a client that retries
// after a timeout creates a second order.
func (s *Server) CreateOrder(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id := uuid.New() // finding: IDEM001 fix: r.Header.Get("Idempotency-Key")
	_, err := s.DB.ExecContext(r.Context(),
		"INSERT INTO orders (id, customer_id, total_cents) VALUES ($1, $2, $3)",
		id, req.CustomerID, req.TotalCents)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": id.String()})
}

// CreateOrderIdempotent derives the order id from the caller's
// Idempotency-Key, so a retry writes the same row.
func (s *Server) CreateOrderIdempotent(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
		return
	}
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id := uuid.NewSHA1(uuid.NameSpaceOID, []byte(key+"|orders")) // safe: derived from the Idempotency-Key header
	_, err := s.DB.ExecContext(r.Context(), // finding: IDEM005
		"INSERT INTO orders (id, customer_id, total_cents) VALUES ($1, $2, $3)",
		id, req.CustomerID, req.TotalCents)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": id.String()})
}

// PlaceOrder lets the repository make the id: the fresh value is made in
// package store, reached from this handler.
func (s *Server) PlaceOrder(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id, err := s.Orders.Create(r.Context(), req.CustomerID, req.TotalCents) // vet: IDEM001
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

// PlaceOrderOnce stores the fresh id beside the Idempotency-Key under a
// conflict clause (store.Orders.CreateOnce).
func (s *Server) PlaceOrderOnce(w http.ResponseWriter, r *http.Request) {
	var req orderRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if err := s.Orders.CreateOnce(r.Context(), key, req.CustomerID, req.TotalCents); err != nil { // safe: ON CONFLICT (idempotency_key) DO NOTHING in store
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// RequestReceipt enqueues the receipt job under a fresh task ID, which
// defeats asynq's duplicate detection: a retried request enqueues the
// job twice and the customer gets two e-mails.
func (s *Server) RequestReceipt(w http.ResponseWriter, r *http.Request) {
	task := asynq.NewTask("receipt:send", []byte(r.PathValue("id")))
	info, err := s.Tasks.EnqueueContext(r.Context(), task,
		// No fix: a derived ID makes the retry fail with
		// asynq.ErrTaskIDConflict, which this handler answers with a 500.
		asynq.TaskID(uuid.NewString()), // finding: IDEM001
		asynq.MaxRetry(5))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"task": info.ID})
}

// GetOrder tags the request with a fresh request id that only goes to
// the log and the response.
func (s *Server) GetOrder(w http.ResponseWriter, r *http.Request) {
	requestID := uuid.NewString() // safe: only logged and echoed in a response header
	log.Printf("request %s: GET order %s", requestID, r.PathValue("id"))
	w.Header().Set("X-Request-Id", requestID)
	ord, err := s.Orders.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, http.StatusOK, ord)
}
