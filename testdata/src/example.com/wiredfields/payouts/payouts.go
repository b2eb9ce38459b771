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

// Keys claims the callers' keys.
type Keys interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// Events records events to publish.
type Events interface {
	Add(ctx context.Context, kind string) error
}

// A Payout is a payout row.
type Payout struct{ ID string }

// Lookups find payouts.
type Lookups interface {
	ByRef(ctx context.Context, ref string) (Payout, error)
}

// Confirmations record a payout's confirmation, once per payout.
type Confirmations interface {
	Insert(ctx context.Context, payoutID string) error
}

// Repos are the repositories of one transaction.
type Repos interface {
	Lookups() Lookups
	Confirmations() Confirmations
	Balances() Balances
	Payouts() Payouts
	Keys() Keys
	Events() Events
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

// Request records the request's event past the claim of its key, in
// the claim's transaction: a retry stops at the claim.
func (s *Service) Request(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		claimed, err := rs.Keys().Claim(ctx, key)
		if err != nil || !claimed {
			return err
		}
		return rs.Events().Add(ctx, "payout.requested")
	})
}

// Notify records the event with no claim.
func (s *Service) Notify(w http.ResponseWriter, r *http.Request) {
	s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		return rs.Events().Add(ctx, "payout.notified")
	})
}

// Confirm records the confirmation of the payout the bank's reference
// names: a redelivery finds the same payout, and its plain INSERT fails.
func (s *Service) Confirm(w http.ResponseWriter, r *http.Request) {
	s.UOW.Do(r.Context(), func(ctx context.Context, rs Repos) error {
		p, err := rs.Lookups().ByRef(ctx, r.FormValue("ref"))
		if err != nil {
			return err
		}
		return rs.Confirmations().Insert(ctx, p.ID)
	})
}
