// Package app places orders through a runner of another package.
package app

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredrun/idem"
)

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, tx *sql.Tx, id string) error
}

// Service places orders.
type Service struct {
	Runner idem.Runner
	Orders Orders
}

// Place makes the order's ID inside the work the runner runs only when
// it claims the caller's key: once per key.
func (s *Service) Place(ctx context.Context, key string) (string, error) {
	return idem.Run(ctx, s.Runner, key, func(ctx context.Context, tx *sql.Tx) (string, error) {
		id := uuid.NewString()
		return id, s.Orders.Insert(ctx, tx, id)
	})
}

// PlaceLoose runs the same work in a transaction with no claim.
func (s *Service) PlaceLoose(ctx context.Context) (string, error) {
	return idem.InTx(ctx, s.Runner.DB, func(ctx context.Context, tx *sql.Tx) (string, error) {
		id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceLoose\)`
		return id, s.Orders.Insert(ctx, tx, id)
	})
}

// Handler serves orders.
type Handler struct{ Svc *Service }

// Place is the endpoint a client retries with its Idempotency-Key.
func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Svc.Place(r.Context(), r.Header.Get("Idempotency-Key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PlaceLoose is an endpoint without a claim.
func (h *Handler) PlaceLoose(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Svc.PlaceLoose(r.Context()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
