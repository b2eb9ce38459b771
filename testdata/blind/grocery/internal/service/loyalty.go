package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/domain"
)

const (
	// pointsPerPound is what a point is worth when redeemed: 100 points
	// take £1 off the basket.
	pointsPerPound   = 100
	minRedeemPoints  = 500
	maxGoodwillPoint = 5000
)

type LoyaltyService struct {
	tx      TxRunner
	loyalty LoyaltyStore
	baskets BasketStore
	idem    IdempotencyStore
	newID   UUIDGen
	log     *slog.Logger
}

func NewLoyaltyService(tx TxRunner, loyalty LoyaltyStore, baskets BasketStore, idem IdempotencyStore, newID UUIDGen, log *slog.Logger) *LoyaltyService {
	return &LoyaltyService{tx: tx, loyalty: loyalty, baskets: baskets, idem: idem, newID: newID, log: log}
}

func (s *LoyaltyService) Enrol(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, bool, error) {
	acct, created, err := s.loyalty.Enrol(ctx, customerID)
	if err != nil {
		return nil, false, err
	}
	if created {
		s.log.InfoContext(ctx, "loyalty account opened", "customer_id", customerID)
	}
	return acct, created, nil
}

func (s *LoyaltyService) Account(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error) {
	return s.loyalty.Account(ctx, customerID)
}

// Redeem spends points against an open basket. The discount is applied
// when the basket is checked out.
func (s *LoyaltyService) Redeem(ctx context.Context, customerID, basketID uuid.UUID, points int64) (*domain.LoyaltyRedemption, error) {
	if points < minRedeemPoints || points%pointsPerPound != 0 {
		return nil, fmt.Errorf("%w: redeem at least %d points, in multiples of %d", domain.ErrInvalid, minRedeemPoints, pointsPerPound)
	}
	var red *domain.LoyaltyRedemption
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		basket, err := s.baskets.Get(ctx, basketID)
		if err != nil {
			return err
		}
		if basket.CustomerID != customerID {
			return domain.ErrNotFound
		}
		if basket.Status != domain.BasketOpen {
			return domain.ErrBasketClosed
		}
		acct, err := s.loyalty.LockAccount(ctx, customerID)
		if err != nil {
			return err
		}
		if acct.PointsBalance < points {
			return domain.ErrInsufficientPts
		}
		red = &domain.LoyaltyRedemption{
			ID:            s.newID(),
			BasketID:      basket.ID,
			CustomerID:    customerID,
			Points:        points,
			DiscountPence: points / pointsPerPound * 100,
			Status:        "applied",
		}
		if err := s.loyalty.AddRedemption(ctx, red); err != nil {
			return err
		}
		if err := s.loyalty.AppendLedger(ctx, &domain.LoyaltyLedgerEntry{
			ID:         s.newID(),
			CustomerID: customerID,
			EntryType:  domain.LedgerRedeem,
			Points:     -points,
			Reference:  ptr("redeem:" + red.ID.String()),
			Note:       "basket " + basket.ID.String(),
		}); err != nil {
			return err
		}
		return s.loyalty.AddPoints(ctx, customerID, -points)
	})
	if err != nil {
		return nil, err
	}
	return red, nil
}

type GoodwillInput struct {
	CustomerID     uuid.UUID
	OrderID        *uuid.UUID
	Points         int64
	AgentID        string
	Note           string
	IdempotencyKey string
}

func (in GoodwillInput) hash() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%d|%s", in.CustomerID, in.Points, in.Note)
	if in.OrderID != nil {
		fmt.Fprintf(h, "|%s", in.OrderID)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Goodwill credits points as an apology. Support tooling sends an
// Idempotency-Key per credit; the key is recorded in the same transaction
// as the credit.
func (s *LoyaltyService) Goodwill(ctx context.Context, in GoodwillInput) (*domain.LoyaltyLedgerEntry, error) {
	if in.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalid)
	}
	if in.Points <= 0 || in.Points > maxGoodwillPoint {
		return nil, fmt.Errorf("%w: goodwill must be between 1 and %d points", domain.ErrInvalid, maxGoodwillPoint)
	}
	var entry *domain.LoyaltyLedgerEntry
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		rec, claimed, err := s.idem.Claim(ctx, "goodwill", in.IdempotencyKey, in.hash())
		if err != nil {
			return err
		}
		if !claimed {
			if rec.ResourceID == nil {
				return domain.ErrRequestInProgress
			}
			id, err := uuid.Parse(*rec.ResourceID)
			if err != nil {
				return err
			}
			entry, err = s.loyalty.LedgerEntry(ctx, id)
			return err
		}
		if _, err := s.loyalty.LockAccount(ctx, in.CustomerID); err != nil {
			return err
		}
		entry = &domain.LoyaltyLedgerEntry{
			ID:         uuid.New(),
			CustomerID: in.CustomerID,
			OrderID:    in.OrderID,
			EntryType:  domain.LedgerGoodwill,
			Points:     in.Points,
			Note:       fmt.Sprintf("%s (agent %s)", in.Note, in.AgentID),
		}
		if err := s.loyalty.AppendLedger(ctx, entry); err != nil {
			return err
		}
		if err := s.loyalty.AddPoints(ctx, in.CustomerID, in.Points); err != nil {
			return err
		}
		return s.idem.Complete(ctx, "goodwill", in.IdempotencyKey, entry.ID.String(), 201, entry)
	})
	if err != nil {
		return nil, err
	}
	return entry, nil
}

// EarnForOrder credits the points earned on a delivered order. The ledger
// reference is unique per order, so it credits at most once.
func (s *LoyaltyService) EarnForOrder(ctx context.Context, order *domain.Order) (int64, error) {
	spend := order.TotalPence
	if order.FinalTotalPence != nil {
		spend = *order.FinalTotalPence
	}
	points := pointsFor(spend)
	if points == 0 {
		return 0, nil
	}
	acct, err := s.loyalty.Account(ctx, order.CustomerID)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	points = points * tierMultiplier(acct.Tier)
	inserted, err := s.loyalty.AppendLedgerOnce(ctx, &domain.LoyaltyLedgerEntry{
		ID:         s.newID(),
		CustomerID: order.CustomerID,
		OrderID:    &order.ID,
		EntryType:  domain.LedgerEarn,
		Points:     points,
		Reference:  ptr("earn:" + order.ID.String()),
	})
	if err != nil || !inserted {
		return 0, err
	}
	return points, s.loyalty.AddPoints(ctx, order.CustomerID, points)
}

// Clawback removes points earned on money that has been refunded.
func (s *LoyaltyService) Clawback(ctx context.Context, customerID uuid.UUID, orderID *uuid.UUID, refundedPence int64, note string) error {
	points := pointsFor(refundedPence)
	if points == 0 {
		return nil
	}
	if _, err := s.loyalty.Account(ctx, customerID); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		return err
	}
	if err := s.loyalty.AppendLedger(ctx, &domain.LoyaltyLedgerEntry{
		ID:         s.newID(),
		CustomerID: customerID,
		OrderID:    orderID,
		EntryType:  domain.LedgerClawback,
		Points:     -points,
		Note:       note,
	}); err != nil {
		return err
	}
	return s.loyalty.AddPoints(ctx, customerID, -points)
}

func tierMultiplier(tier string) int64 {
	switch tier {
	case "gold":
		return 3
	case "silver":
		return 2
	}
	return 1
}
