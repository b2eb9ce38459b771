// Package credits refunds orders to store credit.
package credits

import (
	"context"

	"example.com/wiredsqlc/db"
)

// Store is the storage the service needs.
type Store interface {
	db.Querier
	ExecTx(ctx context.Context, fn func(*db.Queries) error) error
}

// Service refunds orders.
type Service struct{ store Store }

// New returns the service on st.
func New(st Store) *Service { return &Service{store: st} }

// Refund credits the customer, records the adjustment and marks the
// order refunded, each on the pool.
func (s *Service) Refund(ctx context.Context, customer, orderID string, cents int64) error {
	if err := s.store.AddCredit(ctx, customer, cents); err != nil {
		return err
	}
	if err := s.store.InsertAdjustment(ctx, orderID, cents); err != nil {
		return err
	}
	return s.store.SetStatus(ctx, orderID, "refunded")
}

// RefundTx does the same in one transaction.
func (s *Service) RefundTx(ctx context.Context, customer, orderID string, cents int64) error {
	return s.store.ExecTx(ctx, func(q *db.Queries) error {
		if err := q.AddCredit(ctx, customer, cents); err != nil {
			return err
		}
		if err := q.InsertAdjustment(ctx, orderID, cents); err != nil {
			return err
		}
		return q.SetStatus(ctx, orderID, "refunded")
	})
}
