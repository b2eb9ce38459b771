package app

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/store"
)

// Loyalty runs the miles scheme: accrual on paid bookings, redemption as a
// discount on held bookings, and tiering.
type Loyalty struct {
	store store.Store
	rules MilesRules
	log   *slog.Logger
}

// MilesRules are the scheme parameters.
type MilesRules struct {
	// MilesPerPound earned on the amount paid, by tier.
	MilesPerPound map[string]int64
	// PencePerMile is the discount value of one mile when redeemed.
	PencePerMile int64
	// Tiers maps a lifetime-miles threshold to a tier, highest first.
	Tiers []TierRule
}

// TierRule is one rung of the tier ladder.
type TierRule struct {
	Name     string
	Lifetime int64
}

// DefaultMilesRules are the scheme's published rules.
func DefaultMilesRules() MilesRules {
	return MilesRules{
		MilesPerPound: map[string]int64{"harbour": 1, "coastal": 2, "ocean": 3},
		PencePerMile:  1,
		Tiers: []TierRule{
			{Name: "ocean", Lifetime: 50_000},
			{Name: "coastal", Lifetime: 15_000},
			{Name: "harbour", Lifetime: 0},
		},
	}
}

// NewLoyalty builds the loyalty service.
func NewLoyalty(s store.Store, log *slog.Logger) *Loyalty {
	return &Loyalty{store: s, rules: DefaultMilesRules(), log: log.With("service", "loyalty")}
}

// Accrue credits the miles earned by a paid booking. It returns the member
// credited, or nil if the booking has no member.
func (s *Loyalty) Accrue(ctx context.Context, bookingID uuid.UUID) (*uuid.UUID, error) {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if b.MemberID == nil || b.AmountPaidCents == 0 {
		return nil, nil
	}
	member, err := s.store.Members().Get(ctx, *b.MemberID)
	if err != nil {
		return nil, err
	}
	miles := b.AmountPaidCents / 100 * s.rules.MilesPerPound[member.Tier]
	if miles == 0 {
		return b.MemberID, nil
	}

	entry := domain.LedgerEntry{
		ID:         uuid.New(),
		MemberID:   member.ID,
		BookingID:  &b.ID,
		DeltaMiles: miles,
		Reason:     domain.LedgerAccrual,
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Loyalty().EnsureAccount(ctx, member.ID); err != nil {
			return err
		}
		if err := tx.Loyalty().AppendLedger(ctx, entry); err != nil {
			return err
		}
		return tx.Loyalty().AdjustBalance(ctx, member.ID, miles)
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "miles accrued", "member", member.ID, "booking", b.Reference, "miles", miles)
	return b.MemberID, nil
}

// RecomputeTier moves the member to the tier their lifetime miles earn.
func (s *Loyalty) RecomputeTier(ctx context.Context, memberID uuid.UUID) error {
	acct, err := s.store.Loyalty().Account(ctx, memberID)
	if err != nil {
		return err
	}
	for _, t := range s.rules.Tiers {
		if acct.LifetimeMiles >= t.Lifetime {
			return s.store.Loyalty().SetTier(ctx, memberID, t.Name)
		}
	}
	return nil
}

// RedeemInput spends miles against a held booking.
type RedeemInput struct {
	IdempotencyKey string
	MemberID       uuid.UUID
	BookingID      uuid.UUID
	Miles          int64
}

// RedeemResult is returned to the client and replayed for repeated keys.
type RedeemResult struct {
	RedemptionID  uuid.UUID `json:"redemption_id"`
	BookingID     uuid.UUID `json:"booking_id"`
	Miles         int64     `json:"miles"`
	DiscountCents int64     `json:"discount_cents"`
	BalanceMiles  int64     `json:"balance_miles"`
}

const redeemScope = "loyalty.redeem"

// Redeem converts miles into a discount on the booking.
func (s *Loyalty) Redeem(ctx context.Context, in RedeemInput) (RedeemResult, error) {
	if in.IdempotencyKey == "" {
		return RedeemResult{}, invalid("Idempotency-Key", "header is required")
	}
	if in.Miles <= 0 {
		return RedeemResult{}, invalid("miles", "must be positive")
	}
	if rec, ok, err := s.store.Idempotency().Lookup(ctx, redeemScope, in.IdempotencyKey); err != nil {
		return RedeemResult{}, err
	} else if ok {
		var prev RedeemResult
		if err := json.Unmarshal(rec.Body, &prev); err != nil {
			return RedeemResult{}, err
		}
		return prev, nil
	}

	b, err := s.store.Bookings().Get(ctx, in.BookingID)
	if err != nil {
		return RedeemResult{}, err
	}
	if b.MemberID == nil || *b.MemberID != in.MemberID {
		return RedeemResult{}, ErrNotMember
	}
	if b.Status != domain.BookingHeld {
		return RedeemResult{}, ErrBookingClosed
	}
	discount := min(in.Miles*s.rules.PencePerMile, b.Outstanding())
	miles := discount / s.rules.PencePerMile
	if miles == 0 {
		return RedeemResult{}, ErrNotPayable
	}

	red := domain.Redemption{
		ID:            uuid.New(),
		MemberID:      in.MemberID,
		BookingID:     b.ID,
		Miles:         miles,
		DiscountCents: discount,
	}
	var balance int64
	err = s.store.InTx(ctx, func(tx store.Store) error {
		acct, err := tx.Loyalty().Account(ctx, in.MemberID)
		if err != nil {
			return err
		}
		if acct.BalanceMiles < miles {
			return ErrInsufficientMiles
		}
		if err := tx.Loyalty().AdjustBalance(ctx, in.MemberID, -miles); err != nil {
			return err
		}
		if err := tx.Loyalty().AppendLedger(ctx, domain.LedgerEntry{
			ID: uuid.New(), MemberID: in.MemberID, BookingID: &b.ID,
			DeltaMiles: -miles, Reason: domain.LedgerRedemption,
		}); err != nil {
			return err
		}
		if err := tx.Loyalty().InsertRedemption(ctx, red); err != nil {
			return err
		}
		balance = acct.BalanceMiles - miles
		return tx.Bookings().ApplyDiscount(ctx, b.ID, discount)
	})
	if err != nil {
		return RedeemResult{}, err
	}

	res := RedeemResult{
		RedemptionID:  red.ID,
		BookingID:     b.ID,
		Miles:         miles,
		DiscountCents: discount,
		BalanceMiles:  balance,
	}
	body, _ := json.Marshal(res)
	if err := s.store.Idempotency().Save(ctx, domain.IdempotencyRecord{
		Scope: redeemScope, Key: in.IdempotencyKey, StatusCode: http.StatusCreated, Body: body,
	}); err != nil {
		s.log.WarnContext(ctx, "could not store redemption response", "err", err)
	}
	return res, nil
}
