// Package orders places and cancels orders behind a service interface,
// and refunds them with a concrete type.
package orders

import (
	"context"

	"github.com/google/uuid"
)

type PlaceOrder struct{ Total int64 }
type CancelOrder struct{ ID string }
type RefundOrder struct{ ID string }
type AuditOrder struct{ ID string }

// Store is the storage the services need.
type Store interface {
	InsertOrder(ctx context.Context, id string, total int64) error
	InsertRefund(ctx context.Context, id, orderID string) error
}

// Service places and cancels orders.
type Service interface {
	Place(ctx context.Context, cmd PlaceOrder) error
	Cancel(ctx context.Context, cmd CancelOrder) error
}

type service struct{ store Store }

// New returns the service on st.
func New(st Store) Service { return &service{store: st} }

// Place stores an order under an ID it makes.
func (s *service) Place(ctx context.Context, cmd PlaceOrder) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), cmd.Total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run\)`
}

// Cancel stores nothing.
func (s *service) Cancel(ctx context.Context, cmd CancelOrder) error { return nil }

// Refunds refunds orders.
type Refunds struct{ Store Store }

// Refund stores a refund under an ID it makes.
func (r *Refunds) Refund(ctx context.Context, cmd RefundOrder) error {
	return r.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID) // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Consumer.Run\)`
}

// Audit stores an audit row under an ID it makes; it is adapted to the
// handler of a command that no retried path handles.
func (r *Refunds) Audit(ctx context.Context, cmd AuditOrder) error {
	return r.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID)
}
