package loyalty

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// Service is the loyalty aggregate's API.
type Service interface {
	Balance(ctx context.Context, ownerID uuid.UUID) (*Summary, error)
	Accrue(ctx context.Context, ownerID uuid.UUID, points int64, reason, reference string) error
	Redeem(ctx context.Context, ownerID uuid.UUID, req RedeemRequest) (*Redemption, error)
	// CreditCents converts points to a discount.
	CreditCents(points int64) int64
}

// Summary is an owner's balance and recent activity.
type Summary struct {
	OwnerID uuid.UUID `json:"owner_id"`
	Balance int64     `json:"balance"`
	Recent  []Entry   `json:"recent"`
}

// RedeemRequest applies points to a future stay.
type RedeemRequest struct {
	Points        int64      `json:"points"`
	ReservationID *uuid.UUID `json:"reservation_id"`
}

// Redemption is the result of Redeem.
type Redemption struct {
	OwnerID     uuid.UUID  `json:"owner_id"`
	Points      int64      `json:"points"`
	CreditCents int64      `json:"credit_cents"`
	Reservation *uuid.UUID `json:"reservation_id,omitempty"`
	Balance     int64      `json:"balance"`
}

type service struct {
	db            *bun.DB
	dir           owners.Directory
	centsPerPoint int64
}

// NewService returns the Service. One point is worth centsPerPoint/10
// cents when redeemed (ten points per dollar earned, one dollar back per
// hundred points).
func NewService(db *bun.DB, dir owners.Directory, centsPerPoint int64) Service {
	return &service{db: db, dir: dir, centsPerPoint: centsPerPoint}
}

func (s *service) CreditCents(points int64) int64 { return points * s.centsPerPoint / 100 }

func (s *service) Balance(ctx context.Context, ownerID uuid.UUID) (*Summary, error) {
	o, err := s.dir.Owner(ctx, ownerID)
	if err != nil {
		return nil, err
	}
	sum := &Summary{OwnerID: ownerID, Balance: o.LoyaltyBalance}
	err = s.db.NewSelect().Model(&sum.Recent).
		Where("owner_id = ?", ownerID).
		OrderExpr("created_at DESC").
		Limit(20).
		Scan(ctx)
	return sum, err
}

// Accrue credits points in a transaction of its own, or in the one carried
// by ctx.
func (s *service) Accrue(ctx context.Context, ownerID uuid.UUID, points int64, reason, reference string) error {
	return platform.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return Credit(ctx, tx, ownerID, points, reason, reference)
	})
}

func (s *service) Redeem(ctx context.Context, ownerID uuid.UUID, req RedeemRequest) (*Redemption, error) {
	if req.Points < 100 || req.Points%100 != 0 {
		return nil, httpx.Invalid("points are redeemed in multiples of 100")
	}
	ref := ""
	if req.ReservationID != nil {
		ref = req.ReservationID.String()
	}
	out := &Redemption{
		OwnerID:     ownerID,
		Points:      req.Points,
		CreditCents: s.CreditCents(req.Points),
		Reservation: req.ReservationID,
	}
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		bal, err := Debit(ctx, tx, ownerID, req.Points, ReasonRedeemed, ref)
		out.Balance = bal
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
