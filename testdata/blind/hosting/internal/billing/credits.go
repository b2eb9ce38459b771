package billing

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/platform/ids"
)

// CreditService grants account credit and redeems coupons.
type CreditService struct {
	db        *gorm.DB
	credits   *CreditRepository
	customers *customers.Repository
	newID     ids.Generator
	now       func() time.Time
}

// CreditOption configures a CreditService.
type CreditOption func(*CreditService)

// WithCreditIDs overrides the credit id generator.
func WithCreditIDs(gen ids.Generator) CreditOption {
	return func(s *CreditService) { s.newID = gen }
}

// WithClock overrides the time source.
func WithClock(now func() time.Time) CreditOption {
	return func(s *CreditService) { s.now = now }
}

// NewCreditService wires a CreditService.
func NewCreditService(db *gorm.DB, credits *CreditRepository, cust *customers.Repository, opts ...CreditOption) *CreditService {
	s := &CreditService{
		db:        db,
		credits:   credits,
		customers: cust,
		newID:     ids.Prefixed("cr", ids.ULID),
		now:       func() time.Time { return time.Now().UTC() },
	}
	for _, opt := range opts {
		opt(s)
	}
	return s
}

// GrantInput is an operator's credit grant.
type GrantInput struct {
	CustomerID  uuid.UUID  `json:"-"`
	AmountCents int64      `json:"amount_cents"`
	Reason      string     `json:"reason"`
	ExpiresAt   *time.Time `json:"expires_at,omitempty"`
	Actor       string     `json:"-"`
}

// Grant adds credit to a customer's balance.
func (s *CreditService) Grant(ctx context.Context, in GrantInput) (*Credit, error) {
	if in.AmountCents <= 0 || in.AmountCents > 500_000 {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "invalid_amount", "amount must be between 1 and 500000 cents")
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "reason_required", "a reason is required")
	}
	actor := in.Actor
	c := &Credit{
		ID:          s.newID(),
		CustomerID:  in.CustomerID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Source:      "admin",
		CreatedBy:   &actor,
		ExpiresAt:   in.ExpiresAt,
		CreatedAt:   s.now(),
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.credits.WithTx(tx).Create(ctx, c); err != nil {
			return err
		}
		return s.customers.WithTx(tx).AdjustBalance(ctx, c.CustomerID, c.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// RedeemResult reports a coupon redemption.
type RedeemResult struct {
	CouponCode  string `json:"coupon_code"`
	CreditID    string `json:"credit_id"`
	CreditCents int64  `json:"credit_cents"`
	AlreadyUsed bool   `json:"already_redeemed"`
}

// Redeem applies a coupon to a customer's balance, once per customer.
func (s *CreditService) Redeem(ctx context.Context, customerID uuid.UUID, code string) (*RedeemResult, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	var out RedeemResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		repo := s.credits.WithTx(tx)
		coupon, err := repo.LockCoupon(ctx, code)
		if errors.Is(err, ErrNotFound) {
			return httpx.NewError(http.StatusNotFound, "unknown_coupon", "coupon not found")
		}
		if err != nil {
			return err
		}

		red := &CouponRedemption{
			CouponCode: coupon.Code,
			CustomerID: customerID,
			CreditID:   s.newID(),
			RedeemedAt: s.now(),
		}
		claimed, err := repo.ClaimRedemption(ctx, red)
		if err != nil {
			return err
		}
		if !claimed {
			prev, err := repo.Redemption(ctx, coupon.Code, customerID)
			if err != nil {
				return err
			}
			out = RedeemResult{CouponCode: coupon.Code, CreditID: prev.CreditID, CreditCents: coupon.CreditCents, AlreadyUsed: true}
			return nil
		}

		if !coupon.Active || (coupon.ExpiresAt != nil && coupon.ExpiresAt.Before(s.now())) {
			return httpx.NewError(http.StatusGone, "coupon_expired", "coupon is no longer valid")
		}
		if coupon.MaxRedemptions != nil && coupon.RedeemedCount >= *coupon.MaxRedemptions {
			return httpx.NewError(http.StatusGone, "coupon_exhausted", "coupon has been fully redeemed")
		}

		if err := repo.Create(ctx, &Credit{
			ID:          red.CreditID,
			CustomerID:  customerID,
			AmountCents: coupon.CreditCents,
			Reason:      "coupon " + coupon.Code,
			Source:      "coupon",
			CreatedAt:   red.RedeemedAt,
		}); err != nil {
			return err
		}
		if err := repo.IncrementRedeemed(ctx, coupon.Code); err != nil {
			return err
		}
		if err := s.customers.WithTx(tx).AdjustBalance(ctx, customerID, coupon.CreditCents); err != nil {
			return err
		}
		out = RedeemResult{CouponCode: coupon.Code, CreditID: red.CreditID, CreditCents: coupon.CreditCents}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// List pages through a customer's credit grants.
func (s *CreditService) List(ctx context.Context, customerID uuid.UUID, p httpx.PageParams) (httpx.Page[Credit], error) {
	rows, err := s.credits.ListByCustomer(ctx, customerID, p.Cursor, p.Limit)
	if err != nil {
		return httpx.Page[Credit]{}, err
	}
	return httpx.NewPage(rows, p.Limit, func(c Credit) string { return c.ID }), nil
}
