// Package svc applies the screening provider's events.
package svc

import (
	"context"
	"errors"

	"example.com/wiredbundle/store"
)

// Service applies events.
type Service struct {
	Inbox store.Inbox
	UOW   store.UnitOfWork
}

// Apply records the event on the pool, leaving when it was recorded
// before, then completes the check in a unit of work: a crash between
// the two leaves the event recorded and the check not completed.
func (s *Service) Apply(ctx context.Context, event string) error {
	if err := s.Inbox.Record(ctx, event); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return nil
		}
		return err
	}
	return s.UOW.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		return tx.Checks.Complete(ctx, event)
	})
}

// ApplyTogether records the event and completes the check in one unit
// of work.
func (s *Service) ApplyTogether(ctx context.Context, event string) error {
	return s.UOW.Do(ctx, func(ctx context.Context, tx store.Tx) error {
		if err := tx.Inbox.Record(ctx, event); err != nil {
			if errors.Is(err, store.ErrDuplicate) {
				return nil
			}
			return err
		}
		return tx.Checks.Complete(ctx, event)
	})
}
