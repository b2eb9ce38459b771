// Package service applies the provider's events through the stores and
// the transaction runner main wires.
package service

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Querier runs statements: the pool or a transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// TxRunner runs fn in one transaction, committed when fn returns nil.
type TxRunner interface {
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// Events records the provider's events seen.
type Events interface {
	Record(ctx context.Context, q Querier, id, kind string) (bool, error)
	Forget(ctx context.Context, q Querier, id string) error
	LogAttempt(ctx context.Context, q Querier, id string) error
}

// Transfers keeps the transfers and their holds.
type Transfers interface {
	MarkSettled(ctx context.Context, q Querier, transfer string) error
	Credit(ctx context.Context, q Querier, transfer string) error
	Hold(ctx context.Context, q Querier, transfer, dispute string) (bool, error)
}

// Payments applies the events.
type Payments struct {
	DB        Querier
	Tx        TxRunner
	Events    Events
	Transfers Transfers
}

func (s *Payments) settle(ctx context.Context, tx pgx.Tx, transfer string) error {
	if err := s.Transfers.MarkSettled(ctx, tx, transfer); err != nil {
		return err
	}
	return s.Transfers.Credit(ctx, tx, transfer)
}

// Apply records the event on the pool, then settles in a transaction of
// its own: when that fails, the provider's resend finds the event
// recorded and is skipped.
func (s *Payments) Apply(ctx context.Context, id, transfer string) error {
	fresh, err := s.Events.Record(ctx, s.DB, id, "settled")
	if err != nil || !fresh {
		return err
	}
	return s.Tx.InTx(ctx, func(tx pgx.Tx) error {
		return s.settle(ctx, tx, transfer)
	})
}

// ApplyOnce records the event in the transaction that settles.
func (s *Payments) ApplyOnce(ctx context.Context, id, transfer string) error {
	return s.Tx.InTx(ctx, func(tx pgx.Tx) error {
		fresh, err := s.Events.Record(ctx, tx, id, "settled")
		if err != nil || !fresh {
			return err
		}
		return s.settle(ctx, tx, transfer)
	})
}

// ApplyUndone records the event on the pool and forgets it when the
// settlement fails, so the resend settles.
func (s *Payments) ApplyUndone(ctx context.Context, id, transfer string) error {
	fresh, err := s.Events.Record(ctx, s.DB, id, "settled")
	if err != nil || !fresh {
		return err
	}
	err = s.Tx.InTx(ctx, func(tx pgx.Tx) error {
		return s.settle(ctx, tx, transfer)
	})
	if err != nil {
		if ferr := s.Events.Forget(ctx, s.DB, id); ferr != nil {
			return ferr
		}
		return err
	}
	return nil
}

// Hold logs the delivery, then holds the payout under the transfer: the
// hold is the work, and a resend finds it held.
func (s *Payments) Hold(ctx context.Context, id, transfer string) error {
	if err := s.Events.LogAttempt(ctx, s.DB, id); err != nil {
		return err
	}
	_, err := s.Transfers.Hold(ctx, s.DB, transfer, id)
	return err
}
