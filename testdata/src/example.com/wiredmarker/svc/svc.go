// Package svc applies the partners' updates through the store.
package svc

import (
	"context"

	"example.com/wiredmarker/app"
)

// Service applies updates.
type Service struct{ Store app.Store }

// Partner reads a partner, through the store's accessor.
func (s *Service) Partner(ctx context.Context, id string) (app.Partner, error) {
	return s.Store.Partners().Get(ctx, id)
}

// Apply records the update.
func (s *Service) Apply(ctx context.Context, partnerID, eventID, status string) error {
	return s.Store.Updates().Insert(ctx, partnerID, eventID, status)
}
