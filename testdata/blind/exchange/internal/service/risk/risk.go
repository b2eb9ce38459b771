// Package risk implements the controls the internal risk engine exercises
// over customer funds.
package risk

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/halyard/funding/internal/store"
)

// ErrUnknownDeposit means the flagged deposit does not exist.
var ErrUnknownDeposit = errors.New("risk: unknown deposit")

// Service implements risk controls.
type Service struct {
	store store.Store
	log   *slog.Logger
}

// New wires a Service.
func New(st store.Store, log *slog.Logger) *Service {
	return &Service{store: st, log: log}
}

// HoldRequest freezes part of a balance. HoldID is assigned by the risk
// engine and is stable across its retries.
type HoldRequest struct {
	HoldID string
	UserID string
	Asset  string
	Amount int64
	Reason string
}

// PlaceHold freezes funds. A repeated HoldID returns the existing hold.
func (s *Service) PlaceHold(ctx context.Context, in HoldRequest) (*store.RiskHold, error) {
	var out *store.RiskHold
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		acct, err := r.Ledger.EnsureAccount(ctx, in.UserID, strings.ToUpper(in.Asset))
		if err != nil {
			return err
		}
		h := &store.RiskHold{ID: in.HoldID, UserID: in.UserID, AccountID: acct.ID, Amount: in.Amount, Reason: in.Reason}
		inserted, err := r.Holds.InsertIfAbsent(ctx, h)
		if err != nil {
			return err
		}
		if !inserted {
			out, err = r.Holds.Get(ctx, in.HoldID)
			return err
		}
		out = h
		return r.Ledger.Apply(ctx, store.Hold(acct.ID, acct.Asset, in.Amount, "risk_hold", h.ID))
	})
	return out, err
}

// ReleaseHold unfreezes funds. Releasing an already released hold is a
// no-op that returns the hold.
func (s *Service) ReleaseHold(ctx context.Context, holdID string) (*store.RiskHold, error) {
	var out *store.RiskHold
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		h, err := r.Holds.Release(ctx, holdID)
		if errors.Is(err, store.ErrConflict) {
			out, err = r.Holds.Get(ctx, holdID)
			return err
		}
		if err != nil {
			return err
		}
		acct, err := r.Ledger.Account(ctx, h.AccountID)
		if err != nil {
			return err
		}
		out = h
		return r.Ledger.Apply(ctx, store.Release(h.AccountID, acct.Asset, h.Amount, "risk_hold_release", h.ID))
	})
	return out, err
}

// FlagRequest opens a manual review on a crypto deposit.
type FlagRequest struct {
	DepositID string
	Reason    string
	Score     float64
}

// FlagDeposit stops a deposit from being credited and opens a review case
// for the compliance team.
func (s *Service) FlagDeposit(ctx context.Context, in FlagRequest) (*store.ReviewCase, error) {
	c := &store.ReviewCase{
		ID:          uuid.NewString(),
		DepositID:   in.DepositID,
		DepositKind: "crypto",
		Reason:      in.Reason,
		Score:       in.Score,
		Status:      "open",
	}
	err := s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		if _, err := r.CryptoDeposits.Get(ctx, in.DepositID); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return ErrUnknownDeposit
			}
			return err
		}
		if err := r.CryptoDeposits.SetReviewStatus(ctx, in.DepositID, store.ReviewHeld); err != nil {
			return err
		}
		return r.Cases.Insert(ctx, c)
	})
	if err != nil {
		return nil, fmt.Errorf("flag deposit: %w", err)
	}
	s.log.InfoContext(ctx, "deposit flagged", "deposit_id", in.DepositID, "case_id", c.ID)
	return c, nil
}

// LimitRequest sets a user's daily withdrawal limit.
type LimitRequest struct {
	UserID     string
	Asset      string
	DailyLimit int64
	SetBy      string
}

// SetLimit upserts the limit; the last write wins.
func (s *Service) SetLimit(ctx context.Context, in LimitRequest) (*store.WithdrawalLimit, error) {
	l := &store.WithdrawalLimit{
		UserID:     in.UserID,
		Asset:      strings.ToUpper(in.Asset),
		DailyLimit: in.DailyLimit,
		UpdatedBy:  in.SetBy,
	}
	if err := s.store.Repos().Limits.Upsert(ctx, l); err != nil {
		return nil, err
	}
	return l, nil
}
