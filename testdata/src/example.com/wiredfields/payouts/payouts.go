// Package payouts pays sellers out of their balance through a unit of
// work main wires.
package payouts

import (
	"context"
	"net/http"
)

// Balances adjusts a seller's balance.
type Balances interface {
	Debit(ctx context.Context, seller string, cents int64) error
}

// Payouts records payouts.
type Payouts interface {
	MarkPaid(ctx context.Context, payout string) error
}

// Repos are the repositories of one transaction.
type Repos interface {
	Balances() Balances
	Payouts() Payouts
}

// UnitOfWork runs fn in a transaction, with the repositories bound to it.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

// Service pays sellers out.
type Service struct{ UOW UnitOfWork }

// Pay debits the balance in one transaction and marks the payout paid
// in another: a failure between them leaves the debit, and the retry
// debits again.
func (s *Service) Pay(w http.ResponseWriter, r *http.Request) {
	seller, payout := r.FormValue("seller"), r.FormValue("payout")
	if err := s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		return rs.Balances().Debit(ctx, seller, 100)
	}); err != nil {
		return
	}
	s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		return rs.Payouts().MarkPaid(ctx, payout)
	})
}

// PayOnce debits and marks in one transaction.
func (s *Service) PayOnce(w http.ResponseWriter, r *http.Request) {
	seller, payout := r.FormValue("seller"), r.FormValue("payout")
	s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		if err := rs.Balances().Debit(ctx, seller, 100); err != nil {
			return err
		}
		return rs.Payouts().MarkPaid(ctx, payout)
	})
}
