// Package accounts manages member house accounts: balances, manual
// adjustments by the office, and payments reported by Stripe.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/platform/idem"
	"github.com/tidewater-yc/clubhouse/internal/platform/ids"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/store"
)

// Service is the house-account surface used by the API.
type Service interface {
	Account(ctx context.Context, memberID string) (*AccountView, error)
	Adjust(ctx context.Context, in AdjustmentInput) (*domain.AccountTransaction, bool, error)
}

type AccountView struct {
	Account      *domain.MemberAccount       `json:"account"`
	Recent       []domain.AccountTransaction `json:"recent"`
	Available    int64                       `json:"available_credit_cents"`
	MemberNumber int64                       `json:"member_number"`
}

type AdjustmentInput struct {
	MemberID       string
	IdempotencyKey string
	AmountCents    int64
	Reason         string
	EnteredBy      string
}

type service struct {
	db    bun.IDB
	uow   uow.UnitOfWork
	repos *store.Repos
	newID ids.Generator
	now   func() time.Time
}

// New builds the accounts service.
func New(db *bun.DB, u uow.UnitOfWork, repos *store.Repos) Service {
	return &service{db: db, uow: u, repos: repos, newID: ids.ULIDs, now: time.Now}
}

func (s *service) Account(ctx context.Context, memberID string) (*AccountView, error) {
	m, err := s.repos.Members.Get(ctx, s.db, memberID)
	if err != nil {
		return nil, notFound(err)
	}
	acct, err := s.repos.Accounts.Get(ctx, s.db, memberID)
	if err != nil {
		return nil, notFound(err)
	}
	now := s.now()
	recent, err := s.repos.Accounts.Transactions(ctx, s.db, memberID, now.AddDate(0, -2, 0), now.Add(time.Minute))
	if err != nil {
		return nil, err
	}
	return &AccountView{
		Account:      acct,
		Recent:       recent,
		Available:    acct.CreditLimit - acct.BalanceCents,
		MemberNumber: m.MemberNumber,
	}, nil
}

// Adjust posts an office adjustment (credit or debit) to a member's account.
// The client's Idempotency-Key is claimed inside the same transaction as the
// posting.
func (s *service) Adjust(ctx context.Context, in AdjustmentInput) (*domain.AccountTransaction, bool, error) {
	if in.IdempotencyKey == "" {
		return nil, false, httpx.Invalid("Idempotency-Key header is required")
	}
	if in.AmountCents == 0 {
		return nil, false, httpx.Invalid("amount_cents must be non-zero")
	}
	var (
		out      domain.AccountTransaction
		replayed bool
	)
	err := s.uow.Do(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		v, r, err := idem.OnceTx(ctx, tx, s.repos.Idempotency, now, "account-adjustment:"+in.MemberID, in.IdempotencyKey,
			func(ctx context.Context, tx bun.Tx) (domain.AccountTransaction, error) {
				if _, err := s.repos.Accounts.Get(ctx, tx, in.MemberID); err != nil {
					return domain.AccountTransaction{}, notFound(err)
				}
				t := domain.AccountTransaction{
					ID:          s.newID(),
					MemberID:    in.MemberID,
					Kind:        domain.TxnAdjustment,
					AmountCents: in.AmountCents,
					Description: in.Reason,
					Reference:   "office:" + in.EnteredBy,
					PostedAt:    now,
				}
				if err := s.repos.Accounts.Post(ctx, tx, &t); err != nil {
					return domain.AccountTransaction{}, err
				}
				return t, nil
			})
		out, replayed = v, r
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return &out, replayed, nil
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return httpx.Wrap(httpx.ErrNotFound, err)
	}
	return fmt.Errorf("accounts: %w", err)
}
