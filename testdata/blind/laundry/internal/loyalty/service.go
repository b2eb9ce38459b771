// Package loyalty grants and spends FreshPress credits. Balances live in
// the ledger database; this package decides amounts and keys.
package loyalty

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/ledger"
	"github.com/freshpress/laundry/internal/store"
)

var (
	ErrInvalidAmount = errors.New("loyalty: invalid amount")
	ErrSelfGift      = errors.New("loyalty: cannot gift credits to yourself")
	ErrOrderClosed   = errors.New("loyalty: credits cannot be applied to this order")
)

// Ledger is the subset of the ledger used by the service.
type Ledger interface {
	Post(ctx context.Context, e ledger.Entry) error
	PostOnce(ctx context.Context, e ledger.Entry) (bool, error)
	InTx(ctx context.Context, fn func(tx *ledger.Tx) error) error
	Balance(ctx context.Context, customerID uuid.UUID) (int64, error)
	Expiring(ctx context.Context, asOf time.Time, limit int) ([]ledger.Expiring, error)
}

type Service struct {
	ledger    Ledger
	orders    store.OrderRepository
	customers store.CustomerRepository
	rates     EarnRates
	log       *slog.Logger
}

// EarnRates is credits earned per dollar captured, by tier.
type EarnRates map[string]float64

var DefaultRates = EarnRates{"basic": 0.03, "silver": 0.05, "gold": 0.08}

func NewService(l Ledger, orders store.OrderRepository, customers store.CustomerRepository, rates EarnRates, log *slog.Logger) *Service {
	if rates == nil {
		rates = DefaultRates
	}
	return &Service{ledger: l, orders: orders, customers: customers, rates: rates, log: log}
}

const creditLifetime = 365 * 24 * time.Hour

func tierFor(lifetimeSpend int64) string {
	switch {
	case lifetimeSpend >= 150000:
		return "gold"
	case lifetimeSpend >= 50000:
		return "silver"
	}
	return "basic"
}

func (s *Service) Balance(ctx context.Context, customerID uuid.UUID) (int64, error) {
	return s.ledger.Balance(ctx, customerID)
}

// CreditsFor returns the credits currently applied to an order.
func (s *Service) CreditsFor(ctx context.Context, customerID, orderID uuid.UUID) (int64, error) {
	var total int64
	err := s.ledger.InTx(ctx, func(tx *ledger.Tx) error {
		var err error
		total, err = tx.RedeemedForOrder(ctx, customerID, orderID)
		return err
	})
	return total, err
}

// Redeem applies part of the customer's balance to an open order.
func (s *Service) Redeem(ctx context.Context, customerID, orderID uuid.UUID, amount int64) (int64, error) {
	if amount <= 0 {
		return 0, ErrInvalidAmount
	}
	o, err := s.orders.GetForCustomer(ctx, customerID, orderID)
	if err != nil {
		return 0, err
	}
	switch o.Status {
	case store.OrderDelivered, store.OrderPaid, store.OrderCancelled:
		return 0, ErrOrderClosed
	}
	if err := s.ledger.Post(ctx, ledger.Entry{
		CustomerID:  customerID,
		Kind:        ledger.KindRedeem,
		AmountCents: -amount,
		OrderID:     &o.ID,
		Memo:        "applied to order",
	}); err != nil {
		return 0, err
	}
	return s.ledger.Balance(ctx, customerID)
}

type GiftRequest struct {
	SenderID    uuid.UUID
	RecipientID uuid.UUID
	AmountCents int64
	Key         string
	Message     string
}

// Gift moves credits from one customer to another.
func (s *Service) Gift(ctx context.Context, g GiftRequest) (uuid.UUID, error) {
	if g.AmountCents <= 0 || g.AmountCents > 20000 {
		return uuid.Nil, ErrInvalidAmount
	}
	if g.SenderID == g.RecipientID {
		return uuid.Nil, ErrSelfGift
	}
	if _, err := s.customers.Get(ctx, g.RecipientID); err != nil {
		return uuid.Nil, fmt.Errorf("loyalty: recipient: %w", err)
	}

	if err := s.ledger.Post(ctx, ledger.Entry{
		CustomerID:  g.SenderID,
		Kind:        ledger.KindGiftOut,
		AmountCents: -g.AmountCents,
		Memo:        "gift to " + g.RecipientID.String(),
	}); err != nil {
		return uuid.Nil, err
	}

	giftID := uuid.New()
	err := s.ledger.InTx(ctx, func(tx *ledger.Tx) error {
		existing, err := tx.GiftByKey(ctx, g.SenderID, g.Key)
		if err != nil {
			return err
		}
		if existing != nil {
			giftID = existing.ID
			return nil
		}
		if err := tx.RecordGift(ctx, ledger.Gift{
			ID:             giftID,
			SenderID:       g.SenderID,
			RecipientID:    g.RecipientID,
			AmountCents:    g.AmountCents,
			IdempotencyKey: g.Key,
			Message:        g.Message,
		}); err != nil {
			return err
		}
		return tx.Post(ctx, ledger.Entry{
			CustomerID:  g.RecipientID,
			Kind:        ledger.KindGiftIn,
			AmountCents: g.AmountCents,
			Memo:        "gift from " + g.SenderID.String(),
		})
	})
	return giftID, err
}

// Earn grants credits for a captured payment.
func (s *Service) Earn(ctx context.Context, customerID, orderID uuid.UUID, capturedCents int64) (int64, error) {
	cust, err := s.customers.Get(ctx, customerID)
	if err != nil {
		return 0, err
	}
	rate := s.rates[tierFor(cust.LifetimeSpendCents)]
	credits := int64(float64(capturedCents) * rate)
	if credits <= 0 {
		return 0, nil
	}
	expires := time.Now().Add(creditLifetime)
	return credits, s.ledger.Post(ctx, ledger.Entry{
		CustomerID:  customerID,
		Kind:        ledger.KindEarn,
		AmountCents: credits,
		OrderID:     &orderID,
		Memo:        "earned on order",
		ExpiresAt:   &expires,
	})
}

// GrantReferral pays the referrer's bonus when the referred customer's
// first order is delivered.
func (s *Service) GrantReferral(ctx context.Context, refereeID uuid.UUID) error {
	ref, err := s.customers.PendingReferral(ctx, refereeID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	delivered, err := s.orders.CountDelivered(ctx, refereeID)
	if err != nil {
		return err
	}
	if delivered != 1 {
		return nil
	}
	if err := s.ledger.Post(ctx, ledger.Entry{
		Key:         "referral:" + ref.ID.String(),
		CustomerID:  ref.ReferrerID,
		Kind:        ledger.KindReferral,
		AmountCents: ref.BonusCents,
		Memo:        "referral bonus",
	}); err != nil {
		return err
	}
	return s.customers.MarkReferralQualified(ctx, ref.ID, time.Now())
}

// ReverseRedemptions returns credits applied to an order that was
// cancelled. The inbox claim and the reversal commit together.
func (s *Service) ReverseRedemptions(ctx context.Context, consumer, eventID string, customerID, orderID uuid.UUID) error {
	return s.ledger.InTx(ctx, func(tx *ledger.Tx) error {
		claimed, err := tx.ClaimInbox(ctx, consumer, eventID)
		if err != nil || !claimed {
			return err
		}
		redeemed, err := tx.RedeemedForOrder(ctx, customerID, orderID)
		if err != nil {
			return err
		}
		if redeemed <= 0 {
			return nil
		}
		return tx.Post(ctx, ledger.Entry{
			Key:         "reversal:" + orderID.String() + ":" + eventID,
			CustomerID:  customerID,
			Kind:        ledger.KindReversal,
			AmountCents: redeemed,
			OrderID:     &orderID,
			Memo:        "order cancelled",
		})
	})
}

// CreditDamage compensates the customer for a garment damaged at the plant.
func (s *Service) CreditDamage(ctx context.Context, customerID, orderID uuid.UUID, reportID string, amount int64) error {
	if amount <= 0 {
		return nil
	}
	_, err := s.ledger.PostOnce(ctx, ledger.Entry{
		Key:         "damage:" + reportID,
		CustomerID:  customerID,
		Kind:        ledger.KindDamage,
		AmountCents: amount,
		OrderID:     &orderID,
		Memo:        "garment care credit",
	})
	return err
}

// ExpireCredits writes off earned credits past their expiry. Each account
// gets at most one expiry entry per month.
func (s *Service) ExpireCredits(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.ledger.Expiring(ctx, asOf, 500)
	if err != nil {
		return 0, err
	}
	period := asOf.UTC().Format("2006-01")
	n := 0
	for _, d := range due {
		posted, err := s.ledger.PostOnce(ctx, ledger.Entry{
			Key:         fmt.Sprintf("expiry:%s:%s", d.CustomerID, period),
			CustomerID:  d.CustomerID,
			Kind:        ledger.KindExpiry,
			AmountCents: -d.AmountCents,
			Memo:        "credits expired " + period,
		})
		if err != nil {
			return n, err
		}
		if posted {
			n++
		}
	}
	return n, nil
}
