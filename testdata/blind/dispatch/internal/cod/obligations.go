// Package cod tracks cash-on-delivery: what couriers must collect, what they
// collected, what they handed in at hubs, and merchants' COD balances.
package cod

import (
	"context"

	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// ObligationStore persists COD obligations.
type ObligationStore struct {
	repo *database.Repo[domain.CODObligation]
}

// NewObligationStore builds an ObligationStore.
func NewObligationStore(db *gorm.DB) *ObligationStore {
	return &ObligationStore{repo: database.NewRepo[domain.CODObligation](db)}
}

// Open records the obligation for an order once.
func (s *ObligationStore) Open(ctx context.Context, o domain.CODObligation) error {
	_, err := s.repo.CreateIfAbsent(ctx, &o, "order_id")
	return err
}

// Get returns the obligation for an order.
func (s *ObligationStore) Get(ctx context.Context, orderID string) (*domain.CODObligation, error) {
	return s.repo.FindOne(ctx, "order_id = ?", orderID)
}

// MarkCollected moves the obligation to collected.
func (s *ObligationStore) MarkCollected(ctx context.Context, orderID string) error {
	_, err := s.repo.UpdateWhere(ctx, map[string]any{"status": "collected"}, "order_id = ? AND status = 'open'", orderID)
	return err
}
