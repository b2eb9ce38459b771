package services

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/oklog/ulid/v2"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

const scopeLoyaltyRedeem = "loyalty.redeem"

// PointsExpireAfter is how long unspent points are kept.
const PointsExpireAfter = 365 * 24 * time.Hour

// LoyaltyService earns, spends and expires loyalty points.
type LoyaltyService struct {
	tx      ports.TxRunner
	log     *slog.Logger
	loyalty ports.LoyaltyRepository
	idem    ports.IdempotencyStore
}

func NewLoyaltyService(d Deps) *LoyaltyService {
	return &LoyaltyService{tx: d.Tx, log: d.Log.With("service", "loyalty"), loyalty: d.Loyalty, idem: d.Idempotency}
}

// AccrueVisit credits points for a completed appointment.
func (s *LoyaltyService) AccrueVisit(ctx context.Context, evt domain.AppointmentCompleted) error {
	points := domain.VisitPoints(evt.PriceCents)
	if points <= 0 {
		return nil
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		entry := &domain.LedgerEntry{
			ID:        ulid.Make().String(),
			ClientID:  evt.ClientID,
			Delta:     points,
			Reason:    domain.ReasonVisit,
			SourceRef: evt.AppointmentID.String(),
		}
		if err := s.loyalty.InsertEntry(ctx, tx, entry); err != nil {
			return err
		}
		acct, err := s.loyalty.Apply(ctx, tx, evt.ClientID, points)
		if err != nil {
			return err
		}
		s.log.DebugContext(ctx, "visit points", "client_id", evt.ClientID, "points", points, "balance", acct.PointsBalance)
		return nil
	})
}

// CreditReferral gives the referrer their bonus once the referred client
// has signed up.
func (s *LoyaltyService) CreditReferral(ctx context.Context, evt domain.ClientReferred) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		entry := &domain.LedgerEntry{
			ID:        ulid.Make().String(),
			ClientID:  evt.ReferrerID,
			Delta:     domain.ReferralBonusPoints,
			Reason:    domain.ReasonReferral,
			SourceRef: evt.ClientID.String(),
		}
		if err := s.loyalty.InsertEntry(ctx, tx, entry); err != nil {
			return err
		}
		_, err := s.loyalty.Apply(ctx, tx, evt.ReferrerID, domain.ReferralBonusPoints)
		return err
	})
}

// ReverseForRefund takes back the points a refunded visit earned. It runs
// inside the caller's transaction.
func (s *LoyaltyService) ReverseForRefund(ctx context.Context, tx *sqlx.Tx, clientID uuid.UUID, amount domain.Cents, refundID string) error {
	points := domain.VisitPoints(amount)
	if points <= 0 {
		return nil
	}
	entry := &domain.LedgerEntry{
		ID:        ulid.Make().String(),
		ClientID:  clientID,
		Delta:     -points,
		Reason:    domain.ReasonRefundReversal,
		SourceRef: refundID,
	}
	if err := s.loyalty.InsertEntry(ctx, tx, entry); err != nil {
		return err
	}
	_, err := s.loyalty.Apply(ctx, tx, clientID, -points)
	return err
}

type RedeemPointsResult struct {
	ClientID      uuid.UUID    `json:"client_id"`
	PointsSpent   int64        `json:"points_spent"`
	DiscountCents domain.Cents `json:"discount_cents"`
	Balance       int64        `json:"balance"`
}

// RedeemPoints converts points into a discount.
func (s *LoyaltyService) RedeemPoints(ctx context.Context, key string, clientID uuid.UUID, points int64) (*RedeemPointsResult, error) {
	if points <= 0 {
		return nil, domain.Invalid("points", "must be positive")
	}
	hash := requestHash(map[string]any{"client_id": clientID, "points": points})
	var out *RedeemPointsResult
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		rec, claimed, err := s.idem.Claim(ctx, tx, scopeLoyaltyRedeem, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != hash {
				return domain.ErrIdempotencyReuse
			}
			if !rec.Completed() {
				return domain.ErrIdempotencyPending
			}
			out = new(RedeemPointsResult)
			return json.Unmarshal(rec.ResponseBody, out)
		}
		acct, err := s.loyalty.Account(ctx, tx, clientID)
		if err != nil {
			return err
		}
		if acct.PointsBalance < points {
			return domain.ErrInsufficientFunds
		}
		entry := &domain.LedgerEntry{
			ID:        ulid.Make().String(),
			ClientID:  clientID,
			Delta:     -points,
			Reason:    domain.ReasonRedemption,
			SourceRef: key,
		}
		if _, err := s.loyalty.InsertEntryIfAbsent(ctx, tx, entry); err != nil {
			return err
		}
		acct, err = s.loyalty.Apply(ctx, tx, clientID, -points)
		if err != nil {
			return err
		}
		out = &RedeemPointsResult{
			ClientID:      clientID,
			PointsSpent:   points,
			DiscountCents: domain.Cents(points * domain.PointValueCents),
			Balance:       acct.PointsBalance,
		}
		return s.idem.Complete(ctx, tx, scopeLoyaltyRedeem, key, 200, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Expire removes points earned before the retention window for one
// quarterly period.
func (s *LoyaltyService) Expire(ctx context.Context, clientID uuid.UUID, period string) error {
	cutoff := clock().Add(-PointsExpireAfter)
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		n, err := s.loyalty.ExpirableBalance(ctx, tx, clientID, cutoff)
		if err != nil || n == 0 {
			return err
		}
		inserted, err := s.loyalty.InsertEntryIfAbsent(ctx, tx, &domain.LedgerEntry{
			ID:        ulid.Make().String(),
			ClientID:  clientID,
			Delta:     -n,
			Reason:    domain.ReasonExpiry,
			SourceRef: period,
		})
		if err != nil || !inserted {
			return err
		}
		_, err = s.loyalty.Apply(ctx, tx, clientID, -n)
		return err
	})
}

// Account returns the current loyalty position of a client.
func (s *LoyaltyService) Account(ctx context.Context, clientID uuid.UUID) (*domain.LoyaltyAccount, error) {
	return s.loyalty.Account(ctx, s.tx.Reader(), clientID)
}
