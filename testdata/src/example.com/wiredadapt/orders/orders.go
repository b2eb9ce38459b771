// Package orders places and cancels orders behind a service interface,
// and refunds them with a concrete type.
package orders

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

type PlaceOrder struct{ Total int64 }
type CancelOrder struct{ ID string }
type RefundOrder struct{ ID string }
type AuditOrder struct{ ID string }
type SettleOrder struct{ ID, EventID string }
type NotifyOrder struct{ ID string }
type ShipOrder struct{ ID string }
type ArchiveOrder struct{ ID string }

// Store is the storage the services need.
type Store interface {
	InsertOrder(ctx context.Context, id string, total int64) error
	InsertRefund(ctx context.Context, id, orderID string) error
	// SettleTx settles an order in a transaction of its own.
	SettleTx(ctx context.Context, orderID string) error
	// MarkProcessed records an event as handled.
	MarkProcessed(ctx context.Context, eventID string) error
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
	return s.store.InsertOrder(ctx, uuid.NewString(), cmd.Total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(franz-go consumer loop Consumer.Run\)`
}

// Cancel stores nothing.
func (s *service) Cancel(ctx context.Context, cmd CancelOrder) error { return nil }

// Refunds refunds orders.
type Refunds struct{ Store Store }

// Refund stores a refund under an ID it makes.
func (r *Refunds) Refund(ctx context.Context, cmd RefundOrder) error {
	return r.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID) // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(franz-go consumer loop Consumer.Run\)`
}

// Audit stores an audit row under an ID it makes; it is adapted to the
// handler of a command that no retried path handles.
func (r *Refunds) Audit(ctx context.Context, cmd AuditOrder) error {
	return r.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID)
}

// Settlements settles orders and tells the customer.
type Settlements struct{ Store Store }

// Settle settles the order, then records the event handled, on another
// handle after the settlement commits.
func (s *Settlements) Settle(ctx context.Context, cmd SettleOrder) error {
	if err := s.Store.SettleTx(ctx, cmd.ID); err != nil {
		return err
	}
	return s.Store.MarkProcessed(ctx, cmd.EventID)
}

// Notify tells the customer: an external call, on another topic than
// the settlement's, to a mail API that takes no key (nothing in the
// package names one).
func (s *Settlements) Notify(ctx context.Context, cmd NotifyOrder) error {
	_, err := http.Post("https://mail.example/send", "application/json", nil)
	return err
}

// Shipments ships orders; its handlers are built by command.Build.
type Shipments struct{ Store Store }

// Ship stores a shipment under an ID it makes.
func (s *Shipments) Ship(ctx context.Context, cmd ShipOrder) error {
	return s.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID) // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(franz-go consumer loop Consumer.Run\)`
}

// Archive stores an archive row under an ID it makes; no retried path
// handles its command.
func (s *Shipments) Archive(ctx context.Context, cmd ArchiveOrder) error {
	return s.Store.InsertRefund(ctx, uuid.NewString(), cmd.ID)
}
