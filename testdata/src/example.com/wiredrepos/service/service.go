// Package service voids tickets through a unit of work of its own
// interface.
package service

import (
	"context"

	"example.com/wiredrepos/store"
)

// UnitOfWork runs fn with the repositories on one transaction.
type UnitOfWork interface {
	InTx(ctx context.Context, fn func(r *store.Repos) error) error
}

// Service voids tickets.
type Service struct{ UOW UnitOfWork }

// Void voids the ticket and takes its load back off the contract: the
// guard and the write commit together, in the unit of work's
// transaction.
func (s *Service) Void(ctx context.Context, id, contract string) error {
	return s.UOW.InTx(ctx, func(r *store.Repos) error {
		changed, err := r.Tickets.Void(ctx, id)
		if err != nil || !changed {
			return err
		}
		return r.Contracts.Subtract(ctx, contract, 1)
	})
}

// VoidApart does the same in two units of work: the guard commits
// before the write.
func (s *Service) VoidApart(ctx context.Context, id, contract string) error {
	changed := false
	if err := s.UOW.InTx(ctx, func(r *store.Repos) error {
		var err error
		changed, err = r.Tickets.Void(ctx, id)
		return err
	}); err != nil || !changed {
		return err
	}
	return s.UOW.InTx(ctx, func(r *store.Repos) error {
		return r.Contracts.Subtract(ctx, contract, 1)
	})
}

// Adjust claims the request's key, adjusts the contract and marks the
// key done, all in the unit of work's transaction: a crash leaves
// neither the key nor the adjustment.
func (s *Service) Adjust(ctx context.Context, key, contract string) error {
	return s.UOW.InTx(ctx, func(r *store.Repos) error {
		claimed, err := r.Keys.Claim(ctx, key)
		if err != nil || !claimed {
			return err
		}
		if err := r.Adjustments.Create(ctx, &store.Adjustment{ID: key, Contract: contract}); err != nil {
			return err
		}
		return r.Keys.Complete(ctx, key)
	})
}
