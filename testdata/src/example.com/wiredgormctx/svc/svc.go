// Package svc closes loads as paid and posts their ledger lines.
package svc

import (
	"context"
	"log"
)

// Loads moves loads between statuses.
type Loads interface {
	Transition(ctx context.Context, id, to, from string) (bool, error)
}

// Ledger posts lines.
type Ledger interface {
	Append(ctx context.Context, id, load string, cents int64) error
}

// Balances debits accounts.
type Balances interface {
	Debit(ctx context.Context, account string, cents int64) error
}

// Transfers stores transfers under their keys.
type Transfers interface {
	Create(ctx context.Context, id, account, key string) (string, bool, error)
	Claim(ctx context.Context, id, account, key string) (string, string, error)
	MarkSent(ctx context.Context, id string) (bool, error)
}

// Entries posts entries.
type Entries interface {
	Post(ctx context.Context, id, account string, cents int64) error
}

// Fees charges fees.
type Fees interface {
	Add(ctx context.Context, account string, cents int64) error
}

// Transactor runs units of work.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Service settles loads.
type Service struct {
	Loads  Loads
	Ledger Ledger
	Tx     Transactor
	Bal    Balances
	Trs    Transfers
	Fees   Fees
	Ents   Entries
}

// Settle marks the load paid, then posts its line in a commit of its
// own: after a failure between them, the redelivery finds the load
// paid and leaves.
func (s *Service) Settle(ctx context.Context, load string, cents int64) error {
	moved, err := s.Loads.Transition(ctx, load, "paid", "delivered")
	if err != nil || !moved {
		return err
	}
	return s.Ledger.Append(ctx, "line-"+load, load, cents)
}

// SettleAtOnce does both in one unit of work.
func (s *Service) SettleAtOnce(ctx context.Context, load string, cents int64) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		moved, err := s.Loads.Transition(ctx, load, "paid", "delivered")
		if err != nil || !moved {
			return err
		}
		return s.Ledger.Append(ctx, "line-"+load, load, cents)
	})
}

// Transfer debits the account, then stores the transfer under the
// caller's key, which a retry finds after it has debited again.
func (s *Service) Transfer(ctx context.Context, account, key string, cents int64) error {
	if err := s.Bal.Debit(ctx, account, cents); err != nil {
		return err
	}
	id, created, err := s.Trs.Create(ctx, "tr-"+key, account, key)
	if err != nil {
		return err
	}
	if created {
		log.Printf("transfer %s created", id)
	}
	return nil
}

// TransferOnce stores the transfer first and debits only a new one.
func (s *Service) TransferOnce(ctx context.Context, account, key string, cents int64) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		_, created, err := s.Trs.Create(ctx, "tr-"+key, account, key)
		if err != nil || !created {
			return err
		}
		return s.Bal.Debit(ctx, account, cents)
	})
}

// TransferAfterClaim claims the transfer, then marks it sent and
// charges its fee in one transaction: the claim hands back the row
// already there, pending until that transaction commits, so a retry
// after a failure between them goes on to finish it.
func (s *Service) TransferAfterClaim(ctx context.Context, account, key string, cents int64) error {
	id, status, err := s.Trs.Claim(ctx, "tr-"+key, account, key)
	if err != nil || status != "pending" {
		return err
	}
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		sent, err := s.Trs.MarkSent(ctx, id)
		if err != nil || !sent {
			return err
		}
		return s.Fees.Add(ctx, account, cents)
	})
}

// Charge posts the entry and charges the fee in one unit of work, the
// entry's own transaction a savepoint of it.
func (s *Service) Charge(ctx context.Context, account string, cents int64) error {
	return s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.Ents.Post(ctx, "charge-"+account, account, cents); err != nil {
			return err
		}
		return s.Fees.Add(ctx, account, 1)
	})
}
