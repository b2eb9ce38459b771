// Package loyalty accrues and redeems loyalty points.
package loyalty

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// Errors.
var (
	ErrUnknownMember      = errors.New("unknown loyalty member")
	ErrInsufficientPoints = errors.New("insufficient points")
	ErrMissingReference   = errors.New("redemption reference required")
)

// BalanceRepository does the balance arithmetic.
type BalanceRepository interface {
	Credit(ctx context.Context, memberID string, points int64) error
	Debit(ctx context.Context, memberID string, points int64) (int64, error)
	ClawBack(ctx context.Context, memberID string, points int64) error
	PointsInPeriod(ctx context.Context, memberID string, from, to time.Time) (int64, error)
	UpsertTier(ctx context.Context, memberID, period, tier string, points int64) error
}

// Service implements the loyalty use cases.
type Service struct {
	Tx          database.TxManager
	Accounts    database.Store[domain.LoyaltyAccount]
	Ledger      database.Store[domain.LedgerEntry]
	Redemptions database.Store[domain.Redemption]
	Balances    BalanceRepository
	Rules       Rules
	Log         *slog.Logger
}

// Accrue credits points for a confirmed booking.
func (s *Service) Accrue(ctx context.Context, evt domain.BookingConfirmed) error {
	if evt.LoyaltyMemberID == "" {
		return nil
	}
	points := s.Rules.PointsFor(evt.TotalCents, evt.FareClass)
	if points == 0 {
		return nil
	}
	bookingID := evt.BookingID
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		entry := domain.LedgerEntry{
			ID:        ksuid.New().String(),
			MemberID:  evt.LoyaltyMemberID,
			BookingID: &bookingID,
			Points:    points,
			Reason:    "accrual",
		}
		if err := s.Ledger.Create(ctx, &entry); err != nil {
			return fmt.Errorf("ledger accrual: %w", err)
		}
		return s.Balances.Credit(ctx, evt.LoyaltyMemberID, points)
	})
}

// RedeemInput is a points redemption from the app.
type RedeemInput struct {
	RedemptionRef string
	MemberID      string
	Points        int64
	RewardCode    string
}

// Redeem exchanges points for a reward voucher.
func (s *Service) Redeem(ctx context.Context, in RedeemInput) (*domain.Redemption, error) {
	if in.RedemptionRef == "" {
		return nil, ErrMissingReference
	}
	if existing, err := s.Redemptions.FirstWhere(ctx, "redemption_ref = ?", in.RedemptionRef); err == nil {
		return existing, nil
	} else if !errors.Is(err, database.ErrNotFound) {
		return nil, err
	}

	acct, err := s.Accounts.FirstWhere(ctx, "member_id = ?", in.MemberID)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrUnknownMember
	}
	if err != nil {
		return nil, err
	}
	if acct.PointsBalance < in.Points {
		return nil, ErrInsufficientPoints
	}

	// The conditional debit is what stops two concurrent redemptions from
	// overdrawing the account.
	n, err := s.Balances.Debit(ctx, in.MemberID, in.Points)
	if err != nil {
		return nil, fmt.Errorf("debit points: %w", err)
	}
	if n == 0 {
		return nil, ErrInsufficientPoints
	}

	red := &domain.Redemption{
		RedemptionRef: in.RedemptionRef,
		MemberID:      in.MemberID,
		Points:        in.Points,
		RewardCode:    in.RewardCode,
		VoucherCode:   voucherCode(in.RedemptionRef, in.RewardCode),
		Status:        "issued",
	}
	if err := s.Redemptions.Create(ctx, red); err != nil {
		return nil, fmt.Errorf("record redemption: %w", err)
	}
	return red, nil
}

// RecalculateTier recomputes a member's tier for a calendar month.
func (s *Service) RecalculateTier(ctx context.Context, memberID, period string) error {
	runID := ksuid.New()
	log := s.Log.With("run_id", runID.String(), "member_id", memberID, "period", period)

	from, to, err := PeriodBounds(period)
	if err != nil {
		return fmt.Errorf("bad period %q: %w", period, err)
	}
	points, err := s.Balances.PointsInPeriod(ctx, memberID, from, to)
	if err != nil {
		return err
	}
	tier := s.Rules.TierFor(points)
	if err := s.Balances.UpsertTier(ctx, memberID, period, tier, points); err != nil {
		return err
	}
	if _, err := s.Accounts.UpdateWhere(ctx,
		map[string]any{"tier": tier, "updated_at": time.Now().UTC()},
		"member_id = ?", memberID); err != nil {
		return err
	}
	log.InfoContext(ctx, "tier recalculated", "tier", tier, "points", points)
	return nil
}

func voucherCode(ref, reward string) string {
	sum := sha256.Sum256([]byte(ref + "|" + reward))
	code := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:10])
	return strings.ToUpper(reward) + "-" + code[:12]
}
