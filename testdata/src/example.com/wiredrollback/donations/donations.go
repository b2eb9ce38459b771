// Package donations records gifts the giving platforms report.
package donations

import (
	"context"

	"example.com/wiredrollback/store"
)

// UnitOfWork runs work in one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r *store.Repos) error) error
}

// Service records gifts.
type Service struct{ UoW UnitOfWork }

// Record stores the gift and queues its event when this call stored it.
func (s *Service) Record(ctx context.Context, d store.Donation) error {
	return s.UoW.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		_, inserted, err := r.Donations.Insert(ctx, d)
		if err != nil || !inserted {
			return err
		}
		return r.Outbox.Enqueue(ctx, "donation.recorded", d.ExternalID)
	})
}

// RecordAny stores the gift, or updates it, and queues its event each
// time.
func (s *Service) RecordAny(ctx context.Context, d store.Donation) error {
	return s.UoW.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		if _, err := r.Donations.Upsert(ctx, d); err != nil {
			return err
		}
		return r.Outbox.Enqueue(ctx, "donation.recorded", d.ExternalID)
	})
}
