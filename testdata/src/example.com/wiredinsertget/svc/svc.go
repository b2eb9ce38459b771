// Package svc cancels memberships: the cancellation is recorded before
// the refund.
package svc

import "context"

// Cancellations records cancellations.
type Cancellations interface {
	Ensure(ctx context.Context, id, membership string) (string, error)
	MarkRefunded(ctx context.Context, id, ref string) error
}

// Refunds refunds payments.
type Refunds interface {
	Refund(ctx context.Context, membership string) (string, error)
}

// Service cancels memberships.
type Service struct {
	Store Cancellations
	Pay   Refunds
}

// Cancel records the cancellation (an insert-or-get of its row), then
// refunds and stores the refund.
func (s *Service) Cancel(ctx context.Context, membership string) error {
	id, err := s.Store.Ensure(ctx, "cancel-"+membership, membership)
	if err != nil {
		return err
	}
	ref, err := s.Pay.Refund(ctx, membership)
	if err != nil {
		return err
	}
	return s.Store.MarkRefunded(ctx, id, ref)
}
