// Package claims handles spoilage claims: filing, review and refunding the
// shipper's card payment through Stripe.
package claims

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
)

// Repository is the storage the claims service needs.
type Repository interface {
	GetClaim(ctx context.Context, id string) (db.Claim, error)
	GetShipment(ctx context.Context, id string) (db.Shipment, error)
	SucceededPaymentForShipment(ctx context.Context, shipmentID string) (db.Payment, error)
	RecordRefund(ctx context.Context, r db.ClaimRefund) error
	InTx(ctx context.Context, fn func(TxRepository) error) error
}

// TxRepository is the storage available inside a transaction.
type TxRepository interface {
	Tx() pgx.Tx
	ClaimIdempotencyKey(ctx context.Context, scope, key string) (bool, error)
	IdempotencyResource(ctx context.Context, scope, key string) (string, error)
	SetIdempotencyResource(ctx context.Context, scope, key, resourceID string) error
	InsertClaim(ctx context.Context, arg db.InsertClaimParams) (db.Claim, error)
	GetClaim(ctx context.Context, id string) (db.Claim, error)
	TransitionClaim(ctx context.Context, arg db.TransitionClaimParams) (bool, error)
	RecordStripeEvent(ctx context.Context, eventID, eventType string) (bool, error)
	ClaimRefundByStripeID(ctx context.Context, stripeRefundID string) (db.ClaimRefund, error)
	InsertLedgerEntry(ctx context.Context, e db.LedgerEntry) error
}

// RefundQueue queues the refund job in the approving transaction.
type RefundQueue interface {
	EnqueueClaimRefundTx(ctx context.Context, tx pgx.Tx, claimID string) error
}

// Refunds is the Stripe Refunds API (stripe.Client.V1Refunds).
type Refunds interface {
	Create(ctx context.Context, params *stripe.RefundCreateParams) (*stripe.Refund, error)
}

var (
	ErrNotFound              = errors.New("claim not found")
	ErrIdempotencyKeyMissing = errors.New("Idempotency-Key header is required")
	ErrInvalidClaim          = errors.New("invalid claim")
	ErrNotYourShipment       = errors.New("shipment belongs to another shipper")
	ErrOpenClaimExists       = errors.New("shipment already has an open claim")
	ErrNotReviewable         = errors.New("claim is not awaiting review")
	ErrNoPayment             = errors.New("no settled card payment to refund")
)

const scopeClaimFile = "claims.file"

type Service struct {
	repo    Repository
	queue   RefundQueue
	refunds Refunds
	newID   platform.IDFunc
	now     func() time.Time
	log     *slog.Logger
}

func NewService(repo Repository, queue RefundQueue, refunds Refunds, log *slog.Logger) *Service {
	return &Service{repo: repo, queue: queue, refunds: refunds, newID: platform.NewULID, now: time.Now, log: log}
}

// FileInput is a shipper's claim for spoiled goods.
type FileInput struct {
	ShipperID   string
	ShipmentID  string
	AmountCents int64
	Reason      string
}

// File records a claim. The Idempotency-Key is claimed in the same
// transaction as the insert, so a repeated request returns the first claim.
func (s *Service) File(ctx context.Context, idemKey string, in FileInput) (db.Claim, error) {
	if idemKey == "" {
		return db.Claim{}, ErrIdempotencyKeyMissing
	}
	if in.AmountCents <= 0 || strings.TrimSpace(in.Reason) == "" {
		return db.Claim{}, fmt.Errorf("%w: amount and reason are required", ErrInvalidClaim)
	}
	sh, err := s.repo.GetShipment(ctx, in.ShipmentID)
	if db.IsNotFound(err) {
		return db.Claim{}, fmt.Errorf("%w: unknown shipment", ErrInvalidClaim)
	}
	if err != nil {
		return db.Claim{}, err
	}
	if sh.ShipperID != in.ShipperID {
		return db.Claim{}, ErrNotYourShipment
	}
	if in.AmountCents > sh.PriceCents*20 {
		return db.Claim{}, fmt.Errorf("%w: amount exceeds the insured value", ErrInvalidClaim)
	}

	var out db.Claim
	err = s.repo.InTx(ctx, func(tx TxRepository) error {
		fresh, err := tx.ClaimIdempotencyKey(ctx, scopeClaimFile, idemKey)
		if err != nil {
			return err
		}
		if !fresh {
			id, err := tx.IdempotencyResource(ctx, scopeClaimFile, idemKey)
			if err != nil {
				return err
			}
			out, err = tx.GetClaim(ctx, id)
			return err
		}
		c, err := tx.InsertClaim(ctx, db.InsertClaimParams{
			ID:          s.newID(),
			ShipmentID:  sh.ID,
			ShipperID:   sh.ShipperID,
			AmountCents: in.AmountCents,
			Currency:    sh.Currency,
			Reason:      in.Reason,
		})
		if db.IsUniqueViolation(err) {
			return ErrOpenClaimExists
		}
		if err != nil {
			return err
		}
		out = c
		return tx.SetIdempotencyResource(ctx, scopeClaimFile, idemKey, c.ID)
	})
	return out, err
}

// Approve accepts a submitted claim and queues its refund in the same
// transaction. Approving an already-approved claim returns it unchanged.
func (s *Service) Approve(ctx context.Context, claimID, reviewer string) (db.Claim, error) {
	return s.decide(ctx, claimID, reviewer, "approved", func(tx TxRepository) error {
		return s.queue.EnqueueClaimRefundTx(ctx, tx.Tx(), claimID)
	})
}

func (s *Service) decide(ctx context.Context, claimID, reviewer, to string, then func(TxRepository) error) (db.Claim, error) {
	now := s.now()
	var out db.Claim
	err := s.repo.InTx(ctx, func(tx TxRepository) error {
		moved, err := tx.TransitionClaim(ctx, db.TransitionClaimParams{
			ID:        claimID,
			From:      "submitted",
			To:        to,
			DecidedBy: &reviewer,
			DecidedAt: &now,
		})
		if err != nil {
			return err
		}
		if !moved {
			c, err := tx.GetClaim(ctx, claimID)
			if db.IsNotFound(err) {
				return ErrNotFound
			}
			if err != nil {
				return err
			}
			if !sameDecision(c.Status, to) {
				return ErrNotReviewable
			}
			out = c
			return nil
		}
		if then != nil {
			if err := then(tx); err != nil {
				return err
			}
		}
		out, err = tx.GetClaim(ctx, claimID)
		return err
	})
	return out, err
}

func sameDecision(status, to string) bool {
	if to == "approved" {
		return status == "approved" || status == "refund_pending" || status == "refunded"
	}
	return status == to
}

// RefundClaim refunds an approved claim against the shipment's card
// payment.
func (s *Service) RefundClaim(ctx context.Context, claimID string) error {
	c, err := s.repo.GetClaim(ctx, claimID)
	if err != nil {
		return fmt.Errorf("load claim: %w", err)
	}
	switch c.Status {
	case "refund_pending", "refunded":
		return nil
	case "approved":
	default:
		return fmt.Errorf("claim %s is %s, not approved", c.ID, c.Status)
	}
	pay, err := s.repo.SucceededPaymentForShipment(ctx, c.ShipmentID)
	if db.IsNotFound(err) {
		return ErrNoPayment
	}
	if err != nil {
		return err
	}

	amount := min(c.AmountCents, pay.AmountCents)
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(pay.StripePaymentIntentID),
		Amount:        stripe.Int64(amount),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.AddMetadata("claim_id", c.ID)
	// Give the request an idempotency key so stripe-go's network retries
	// cannot refund twice.
	params.SetIdempotencyKey(s.newID())
	rf, err := s.refunds.Create(ctx, params)
	if err != nil {
		return fmt.Errorf("stripe refund: %w", err)
	}
	s.log.Info("claim refund created", "claim_id", c.ID, "refund_id", rf.ID, "amount", rf.Amount)
	return s.repo.RecordRefund(ctx, db.ClaimRefund{
		ID:             s.newID(),
		ClaimID:        c.ID,
		StripeRefundID: rf.ID,
		AmountCents:    rf.Amount,
	})
}

// Register wires the refund webhook handler into the Stripe event router.
func (s *Service) Register(handle func(stripe.EventType, func(context.Context, stripe.Event) error)) {
	handle(stripe.EventTypeRefundUpdated, s.refundUpdated)
}

// refundUpdated settles a claim when Stripe reports its refund succeeded.
// The event id is recorded in the same transaction as the claim update and
// ledger entry, so redelivered events are acknowledged without effect.
func (s *Service) refundUpdated(ctx context.Context, ev stripe.Event) error {
	if ev.Data == nil {
		return fmt.Errorf("event %s has no data", ev.ID)
	}
	var rf stripe.Refund
	if err := json.Unmarshal(ev.Data.Raw, &rf); err != nil {
		return fmt.Errorf("decode refund: %w", err)
	}
	if rf.Status != stripe.RefundStatusSucceeded {
		return nil
	}
	return s.repo.InTx(ctx, func(tx TxRepository) error {
		fresh, err := tx.RecordStripeEvent(ctx, ev.ID, string(ev.Type))
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		cr, err := tx.ClaimRefundByStripeID(ctx, rf.ID)
		if db.IsNotFound(err) {
			// Not a claim refund (e.g. issued from the dashboard).
			return nil
		}
		if err != nil {
			return err
		}
		moved, err := tx.TransitionClaim(ctx, db.TransitionClaimParams{
			ID:   cr.ClaimID,
			From: "refund_pending",
			To:   "refunded",
		})
		if err != nil || !moved {
			return err
		}
		return tx.InsertLedgerEntry(ctx, db.LedgerEntry{
			ID:          s.newID(),
			Account:     "claims:refunds",
			ClaimID:     &cr.ClaimID,
			AmountCents: -rf.Amount,
			Currency:    string(rf.Currency),
			Memo:        "claim refund " + rf.ID,
		})
	})
}
