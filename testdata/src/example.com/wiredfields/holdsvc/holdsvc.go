// Package holdsvc places holds once per key, through the once helper.
package holdsvc

import (
	"context"

	"example.com/wiredfields/once"
	"example.com/wiredfields/payouts"
)

// Service places holds.
type Service struct{ UOW payouts.UnitOfWork }

// Place records the hold's event past the helper's claim of key.
func (s *Service) Place(ctx context.Context, key string) error {
	_, err := once.Run(ctx, s.UOW, key, func(ctx context.Context, rs payouts.Repos) (bool, error) {
		return true, rs.Events().Add(ctx, "payout.placed")
	})
	return err
}
