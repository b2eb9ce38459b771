// Package credit manages prepaid credit grants, promotional coupons and
// manual balance adjustments.
package credit

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/txn"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

type Service struct {
	uow         gormrepo.UnitOfWork
	grants      gormrepo.Repo[gormrepo.CreditGrant]
	ledger      gormrepo.Repo[gormrepo.CreditLedgerEntry]
	coupons     gormrepo.Repo[gormrepo.Coupon]
	redemptions gormrepo.Repo[gormrepo.CouponRedemption]
	discounts   gormrepo.Repo[gormrepo.SubscriptionDiscount]

	db        *sqlx.DB
	customers billing.CustomerRepository
	processed billing.ProcessedRequestRepository

	now func() time.Time
	log *slog.Logger
}

// Repos groups the GORM repositories the service needs.
type Repos struct {
	Grants      gormrepo.Repo[gormrepo.CreditGrant]
	Ledger      gormrepo.Repo[gormrepo.CreditLedgerEntry]
	Coupons     gormrepo.Repo[gormrepo.Coupon]
	Redemptions gormrepo.Repo[gormrepo.CouponRedemption]
	Discounts   gormrepo.Repo[gormrepo.SubscriptionDiscount]
}

func NewRepos(gdb *gorm.DB) Repos {
	return Repos{
		Grants:      gormrepo.New[gormrepo.CreditGrant](gdb),
		Ledger:      gormrepo.New[gormrepo.CreditLedgerEntry](gdb),
		Coupons:     gormrepo.New[gormrepo.Coupon](gdb),
		Redemptions: gormrepo.New[gormrepo.CouponRedemption](gdb),
		Discounts:   gormrepo.New[gormrepo.SubscriptionDiscount](gdb),
	}
}

func NewService(uow gormrepo.UnitOfWork, r Repos, db *sqlx.DB, customers billing.CustomerRepository,
	processed billing.ProcessedRequestRepository, log *slog.Logger) *Service {
	return &Service{
		uow: uow, grants: r.Grants, ledger: r.Ledger, coupons: r.Coupons, redemptions: r.Redemptions,
		discounts: r.Discounts, db: db, customers: customers, processed: processed,
		now: time.Now, log: log.With("service", "credit"),
	}
}

// addBalance adjusts the customer's spendable balance inside a GORM tx.
func addBalance(tx *gorm.DB, customerID string, delta int64) error {
	res := tx.Exec(`UPDATE customers SET balance_cents = balance_cents + ?, updated_at = now() WHERE id = ?`, delta, customerID)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("customer %s: %w", customerID, billing.ErrNotFound)
	}
	return nil
}

type GrantRequest struct {
	CustomerID  string
	AmountCents int64
	Reason      string
	ExpiresAt   *time.Time
}

// Grant adds prepaid credit to a customer.
func (s *Service) Grant(ctx context.Context, req GrantRequest) (*gormrepo.CreditGrant, error) {
	if req.AmountCents <= 0 {
		return nil, fmt.Errorf("credit: amount must be positive")
	}
	grant := &gormrepo.CreditGrant{
		ID:             uuid.New(),
		CustomerID:     req.CustomerID,
		AmountCents:    req.AmountCents,
		RemainingCents: req.AmountCents,
		Reason:         req.Reason,
		Source:         "manual",
		Status:         "active",
		ExpiresAt:      req.ExpiresAt,
	}
	err := s.uow.InTx(ctx, func(tx *gorm.DB) error {
		if err := s.grants.WithTx(tx).Create(ctx, grant); err != nil {
			return err
		}
		entry := &gormrepo.CreditLedgerEntry{
			ID: uuid.New(), GrantID: grant.ID, CustomerID: grant.CustomerID, Kind: "grant", AmountCents: grant.AmountCents,
		}
		if err := s.ledger.WithTx(tx).Create(ctx, entry); err != nil {
			return err
		}
		return addBalance(tx, grant.CustomerID, grant.AmountCents)
	})
	if err != nil {
		return nil, fmt.Errorf("credit: grant: %w", err)
	}
	return grant, nil
}

type Redemption struct {
	RedemptionID string `json:"redemption_id"`
	CouponID     string `json:"coupon_id"`
	CreditCents  int64  `json:"credit_cents"`
}

// RedeemCoupon turns a promotional code into account credit. The public
// endpoint is protected by the Idempotency-Key middleware.
func (s *Service) RedeemCoupon(ctx context.Context, customerID, code string) (Redemption, error) {
	var out Redemption
	now := s.now().UTC()
	err := s.uow.InTx(ctx, func(tx *gorm.DB) error {
		coupon, err := s.coupons.WithTx(tx).First(ctx, gormrepo.Where("code = ?", code), gormrepo.ForUpdate())
		if err != nil {
			return err
		}
		if !coupon.Redeemable(now) || coupon.CreditCents <= 0 {
			return billing.ErrCouponExhausted
		}
		grant := &gormrepo.CreditGrant{
			ID: uuid.New(), CustomerID: customerID, AmountCents: coupon.CreditCents,
			RemainingCents: coupon.CreditCents, Reason: "coupon " + coupon.Code, Source: "coupon", Status: "active",
		}
		if err := s.grants.WithTx(tx).Create(ctx, grant); err != nil {
			return err
		}
		red := &gormrepo.CouponRedemption{ID: uuid.New(), CouponID: coupon.ID, CustomerID: customerID, CreditGrant: &grant.ID}
		if err := s.redemptions.WithTx(tx).Create(ctx, red); err != nil {
			return err
		}
		if err := s.coupons.WithTx(tx).Updates(ctx, coupon, map[string]any{
			"times_redeemed": gorm.Expr("times_redeemed + 1"),
		}); err != nil {
			return err
		}
		out = Redemption{RedemptionID: red.ID.String(), CouponID: coupon.ID, CreditCents: coupon.CreditCents}
		return addBalance(tx, customerID, coupon.CreditCents)
	})
	return out, err
}

// ApplyCoupon attaches a discount coupon to a subscription. Applying the
// same coupon twice is a no-op thanks to the (subscription, coupon) key.
func (s *Service) ApplyCoupon(ctx context.Context, subscriptionID, code string) (bool, error) {
	applied := false
	now := s.now().UTC()
	err := s.uow.InTx(ctx, func(tx *gorm.DB) error {
		coupon, err := s.coupons.WithTx(tx).First(ctx, gormrepo.Where("code = ?", code), gormrepo.ForUpdate())
		if err != nil {
			return err
		}
		inserted, err := s.discounts.WithTx(tx).CreateIgnore(ctx, &gormrepo.SubscriptionDiscount{
			SubscriptionID: subscriptionID, CouponID: coupon.ID, AppliedAt: now,
		})
		if err != nil || !inserted {
			return err
		}
		if !coupon.Redeemable(now) {
			return billing.ErrCouponExhausted
		}
		applied = true
		return s.coupons.WithTx(tx).Updates(ctx, coupon, map[string]any{
			"times_redeemed": gorm.Expr("times_redeemed + 1"),
		})
	})
	return applied, err
}

type AdjustRequest struct {
	RequestID  string
	CustomerID string
	DeltaCents int64
	Reason     string
}

// AdjustBalance applies a signed adjustment requested by an internal
// system (support tooling, the reconciliation job). Each request id is
// applied once.
func (s *Service) AdjustBalance(ctx context.Context, req AdjustRequest) (int64, error) {
	seen, err := s.processed.Seen(ctx, req.RequestID)
	if err != nil {
		return 0, err
	}
	if seen {
		cust, err := s.customers.Get(ctx, req.CustomerID)
		return cust.BalanceCents, err
	}

	balance, err := txn.Run(ctx, s.db, func(tx *sqlx.Tx) (int64, error) {
		customers := s.customers.WithTx(tx)
		cust, err := customers.GetForUpdate(ctx, req.CustomerID)
		if err != nil {
			return 0, err
		}
		if cust.BalanceCents+req.DeltaCents < 0 {
			return 0, billing.ErrInsufficientFunds
		}
		return customers.AddBalance(ctx, cust.ID, req.DeltaCents)
	})
	if err != nil {
		return 0, fmt.Errorf("credit: adjust balance: %w", err)
	}

	if err := s.processed.MarkProcessed(ctx, req.RequestID, "adjust_balance"); err != nil {
		return 0, fmt.Errorf("credit: record request %s: %w", req.RequestID, err)
	}
	s.log.InfoContext(ctx, "balance adjusted", "customer_id", req.CustomerID, "delta", req.DeltaCents,
		"reason", req.Reason, "request_id", req.RequestID)
	return balance, nil
}

// ExpireDue expires credit grants whose expiry has passed. Each grant is
// locked, checked and expired in the same transaction, and the expiry
// ledger entry is unique per grant.
func (s *Service) ExpireDue(ctx context.Context, batch int) (int, error) {
	expired := 0
	now := s.now().UTC()
	err := s.uow.InTx(ctx, func(tx *gorm.DB) error {
		due, err := s.grants.WithTx(tx).Find(ctx,
			gormrepo.Where("status = ? AND expires_at <= ?", "active", now),
			gormrepo.OrderBy("expires_at"),
			gormrepo.Limit(batch),
			gormrepo.SkipLocked(),
		)
		if err != nil {
			return err
		}
		for _, g := range due {
			entry := &gormrepo.CreditLedgerEntry{
				ID: uuid.New(), GrantID: g.ID, CustomerID: g.CustomerID, Kind: "expire", AmountCents: -g.RemainingCents,
			}
			inserted, err := s.ledger.WithTx(tx).CreateIgnore(ctx, entry)
			if err != nil {
				return err
			}
			if !inserted {
				continue
			}
			n, err := s.grants.WithTx(tx).UpdateWhere(ctx,
				map[string]any{"status": "expired", "remaining_cents": 0},
				gormrepo.Where("id = ? AND status = ?", g.ID, "active"))
			if err != nil {
				return err
			}
			if n == 0 {
				continue
			}
			if err := addBalance(tx, g.CustomerID, -g.RemainingCents); err != nil {
				return err
			}
			expired++
		}
		return nil
	})
	return expired, err
}
