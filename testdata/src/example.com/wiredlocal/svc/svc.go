// Package svc completes battery swaps.
package svc

import "context"

// Complete is a finished swap.
type Complete struct{ SwapID, Battery string }

// Store keeps swaps.
type Store interface {
	InsertSwap(ctx context.Context, id, battery string) error
}

// Service completes swaps.
type Service struct{ Store Store }

// Complete records the swap under the ID it is given.
func (s *Service) Complete(ctx context.Context, c Complete) error {
	return s.Store.InsertSwap(ctx, c.SwapID, c.Battery)
}
