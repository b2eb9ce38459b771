// Package svc applies a processor's events to orders.
package svc

import (
	"context"

	"gorm.io/gorm"

	"example.com/wiredbyvalue/idem"
	"example.com/wiredbyvalue/store"
)

// Stores runs work in a transaction and hands out the database.
type Stores interface {
	InTx(ctx context.Context, fn func(r store.Repos) error) error
	DB() *gorm.DB
}

// Service applies events.
type Service struct{ Stores Stores }

// Apply claims the event in the transaction that applies it: the
// callback's repositories, which it hands to a helper, and its handle
// are the transaction's.
func (s *Service) Apply(ctx context.Context, event, order string) error {
	return s.Stores.InTx(ctx, func(r store.Repos) error {
		first, err := idem.Claim(r.Tx, event)
		if err != nil || !first {
			return err
		}
		credit := func() error { return r.Orders.Credit(ctx, order, 100) }
		return s.pay(ctx, r, order, credit)
	})
}

// pay marks the order paid with the repositories it is handed, then
// runs the credit step it is given.
func (s *Service) pay(ctx context.Context, r store.Repos, order string, credit func() error) error {
	if err := r.Orders.MarkPaid(ctx, order); err != nil {
		return err
	}
	return credit()
}

// ApplyLoosely claims the event on the database before the transaction
// that applies it.
func (s *Service) ApplyLoosely(ctx context.Context, event, order string) error {
	first, err := idem.Claim(s.Stores.DB(), event)
	if err != nil || !first {
		return err
	}
	return s.Stores.InTx(ctx, func(r store.Repos) error {
		if err := r.Orders.MarkPaid(ctx, order); err != nil {
			return err
		}
		return r.Orders.Credit(ctx, order, 100)
	})
}
