// Package api takes orders and partner events; its service declares the
// storage it needs as interface literals in its fields.
package api

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// Service places orders and records events.
type Service struct {
	orders interface {
		Insert(ctx context.Context, id string, total int) error
	}
	events interface {
		Record(ctx context.Context, eventID string) error
	}
}

// NewService wires the service.
func NewService(orders interface {
	Insert(ctx context.Context, id string, total int) error
}, events interface {
	Record(ctx context.Context, eventID string) error
}) *Service {
	return &Service{orders: orders, events: events}
}

// PostOrder places an order under a new ID.
func (s *Service) PostOrder(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewString() // want `a retry inserts a second inline_orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.PostOrder\)`
	if err := s.orders.Insert(r.Context(), id, 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostOrderKeyed places an order under the request's key.
func (s *Service) PostOrderKeyed(w http.ResponseWriter, r *http.Request) {
	if err := s.orders.Insert(r.Context(), r.Header.Get("Idempotency-Key"), 100); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostEvent records a partner's event, which the partner resends.
func (s *Service) PostEvent(w http.ResponseWriter, r *http.Request) {
	if err := s.events.Record(r.Context(), r.Header.Get("X-Event-Id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
