// Package billing applies the payment provider's events to orders. The
// service dispatches each event to a method of its own from a table it
// fills when it is built.
package billing

import (
	"context"

	"example.com/wiredinbound/store"
)

// Event is a payment provider's event.
type Event struct {
	ID, Type, OrderID string
}

// Service handles events.
type Service struct {
	uow       store.UnitOfWork
	processed store.Processed
	handlers  map[string]func(context.Context, Event) error
}

// New returns a Service; processed is bound to the database.
func New(uow store.UnitOfWork, processed store.Processed) *Service {
	s := &Service{uow: uow, processed: processed}
	s.handlers = map[string]func(context.Context, Event) error{
		"charge.succeeded": s.onCharge,
		"refund.succeeded": s.onRefund,
	}
	return s
}

// Handle applies one event.
func (s *Service) Handle(ctx context.Context, evt Event) error {
	h, ok := s.handlers[evt.Type]
	if !ok {
		return nil
	}
	return h(ctx, evt)
}

// onCharge checks the event on the database, then records it there from
// inside the transaction of the effect: two deliveries at once both
// pass the check, and a failed commit leaves the event recorded.
func (s *Service) onCharge(ctx context.Context, evt Event) error {
	seen, err := s.processed.Exists(ctx, evt.ID)
	if err != nil || seen {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		if err := r.Orders.MarkPaid(ctx, evt.OrderID); err != nil {
			return err
		}
		return s.processed.Record(ctx, evt.ID)
	})
}

// onRefund claims the event in the transaction of the effect.
func (s *Service) onRefund(ctx context.Context, evt Event) error {
	return s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		first, err := r.Processed.Claim(ctx, evt.ID)
		if err != nil || !first {
			return err
		}
		return r.Orders.MarkRefunded(ctx, evt.OrderID)
	})
}
