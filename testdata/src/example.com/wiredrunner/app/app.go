// Package app moves sessions and pays statements through interfaces
// that main wires, in the units of work of a runner it is given.
package app

import (
	"context"
	"net/http"

	"github.com/google/uuid"

	"example.com/wiredrunner/store"
	"example.com/wiredrunner/txn"
)

// Packs moves sessions.
type Packs interface {
	Debit(ctx context.Context, id string, n int) error
	Credit(ctx context.Context, id string, n int) error
	Hold(ctx context.Context, id string, n int) error
	Release(ctx context.Context, id string, n int) error
}

// Payouts keeps payouts.
type Payouts interface {
	Ensure(ctx context.Context, p store.Payout) (store.Payout, error)
	Sent(ctx context.Context, id string) error
}

// Ledger posts entries.
type Ledger interface {
	Post(ctx context.Context, id, account string, amount int64) (bool, error)
	Append(ctx context.Context, id, account string, amount int64) error
}

// Keys claims requests' keys.
type Keys interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// Tiers raises tiers.
type Tiers interface {
	Raise(ctx context.Context, account string) error
	Grant(ctx context.Context, account, key string) error
}

// Books runs the credits and debits of an account.
type Books interface {
	store.Querier
	InTx(ctx context.Context, fn func(q store.Querier) error) error
}

// Service serves the handlers.
type Service struct {
	Tx       txn.Runner
	Packs    Packs
	Payouts  Payouts
	Ledger   Ledger
	Tiers    Tiers
	Keys     Keys
	Books    Books
	Postings *store.Postings
}

// debit takes the sessions off the pack, in the unit of work its
// caller runs it in.
func (s *Service) debit(ctx context.Context, id string, n int) error {
	return s.Packs.Debit(ctx, id, n)
}

// Transfer debits one pack and credits another in two units of work,
// the second past a claim of the request's key: a failure of the second
// leaves the debit, which a retry makes again before it meets the claim.
func (s *Service) Transfer(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		return s.debit(ctx, r.FormValue("from"), 1)
	}); err != nil {
		return
	}
	s.Tx.InTx(ctx, func(ctx context.Context) error {
		claimed, err := s.Keys.Claim(ctx, r.Header.Get("Idempotency-Key"))
		if err != nil || !claimed {
			return err
		}
		return s.Packs.Credit(ctx, r.FormValue("to"), 1)
	})
}

// hold holds the sessions of the pack, in the unit of work its caller
// runs it in.
func (s *Service) hold(ctx context.Context, id string, n int) error {
	return s.Packs.Hold(ctx, id, n)
}

// Move holds sessions of one pack and releases another's in one unit
// of work.
func (s *Service) Move(w http.ResponseWriter, r *http.Request) {
	s.Tx.InTx(r.Context(), func(ctx context.Context) error {
		if err := s.hold(ctx, r.FormValue("from"), 1); err != nil {
			return err
		}
		return s.Packs.Release(ctx, r.FormValue("to"), 1)
	})
}

// Upgrade raises the tier on its own and posts the bonus in the
// ledger's transaction: a failure of the post leaves the raise, which a
// retry makes again.
func (s *Service) Grant(w http.ResponseWriter, r *http.Request) {
	s.Tiers.Grant(r.Context(), r.FormValue("account"), r.Header.Get("Idempotency-Key"))
}

func (s *Service) Upgrade(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	account := r.FormValue("account")
	if err := s.Tiers.Raise(ctx, account); err != nil {
		return
	}
	s.Ledger.Post(ctx, "bonus-"+account, account, 100)
}

// Pay claims the statement's payout with its debit in one unit of work,
// then marks it sent: a retry finds the claimed payout and goes on past
// the debit.
func (s *Service) Pay(ctx context.Context, statementID string) (store.Payout, error) {
	var p store.Payout
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		candidate := store.Payout{ID: uuid.NewString(), StatementID: statementID}
		var err error
		p, err = s.Payouts.Ensure(ctx, candidate)
		if err != nil {
			return err
		}
		if p.ID != candidate.ID {
			return nil
		}
		return s.Ledger.Append(ctx, uuid.NewString(), statementID, -100)
	})
	if err != nil {
		return p, err
	}
	return p, s.Payouts.Sent(ctx, p.ID)
}

// Payer pays statements.
type Payer interface {
	Pay(ctx context.Context, statementID string) (store.Payout, error)
}

// Handlers serves the payouts.
type Handlers struct{ Svc Payer }

// PayStatement pays a statement; what Pay returns is not its concern.
func (h *Handlers) PayStatement(w http.ResponseWriter, r *http.Request) {
	if _, err := h.Svc.Pay(r.Context(), r.FormValue("statement")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// Settle credits one account and debits another in one transaction of
// the store: the repository the store gives the function is the
// transaction's, not the one it embeds on the pool.
// SettleVia posts through postings bound to the unit of work's queries:
// both writes run in its transaction.
func (s *Service) SettleVia(w http.ResponseWriter, r *http.Request) {
	s.Books.InTx(r.Context(), func(q store.Querier) error {
		return s.Postings.With(q).Post(r.Context(), r.FormValue("from"), r.FormValue("to"), 1)
	})
}

func (s *Service) Settle(w http.ResponseWriter, r *http.Request) {
	s.Books.InTx(r.Context(), func(q store.Querier) error {
		if err := q.AddCredit(r.Context(), r.FormValue("to"), 1); err != nil {
			return err
		}
		return q.AddDebit(r.Context(), r.FormValue("from"), 1)
	})
}
