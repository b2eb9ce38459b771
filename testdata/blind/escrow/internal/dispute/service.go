// Package dispute handles buyer disputes: opening one freezes the escrow and
// the seller's payouts for it; resolving one refunds part of the payment.
package dispute

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/events"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/payments"
)

// Dispute statuses.
const (
	StatusOpen     = "open"
	StatusResolved = "resolved"
)

const scopeOpen = "dispute.open"

// Errors.
var (
	ErrNotFound     = errors.New("not found")
	ErrInvalidState = errors.New("dispute cannot be changed in its current state")
	ErrValidation   = errors.New("invalid request")
)

// Refunder issues refunds.
type Refunder interface {
	Refund(ctx context.Context, r payments.RefundRequest) (string, error)
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Service implements dispute handling.
type Service struct {
	q       db.Querier
	uow     txn.UnitOfWork
	refunds Refunder
	pub     Publisher
	newID   func() string
	log     *slog.Logger
}

// NewService wires a Service.
func NewService(q db.Querier, uow txn.UnitOfWork, refunds Refunder, pub Publisher, log *slog.Logger) *Service {
	return &Service{
		q:       q,
		uow:     uow,
		refunds: refunds,
		pub:     pub,
		newID:   ids.NewULIDs().New,
		log:     log.With("service", "dispute"),
	}
}

// OpenInput is a buyer's request to dispute an escrow.
type OpenInput struct {
	EscrowID       string
	OpenedBy       string
	Reason         string
	IdempotencyKey string
}

// Open opens a dispute and freezes the escrow. The client's Idempotency-Key
// is stored in the same transaction as the dispute, so a repeated request
// returns the dispute created by the first one.
func (s *Service) Open(ctx context.Context, in OpenInput) (db.Dispute, error) {
	if in.IdempotencyKey == "" || in.Reason == "" {
		return db.Dispute{}, fmt.Errorf("%w: Idempotency-Key and reason are required", ErrValidation)
	}
	var sellerID string
	d, err := txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.Dispute, error) {
		key := db.InsertIdempotencyKeyParams{Scope: scopeOpen, Key: in.EscrowID + "/" + in.IdempotencyKey}
		n, err := q.InsertIdempotencyKey(ctx, key)
		if err != nil {
			return db.Dispute{}, err
		}
		e, err := q.GetEscrowForUpdate(ctx, in.EscrowID)
		if errors.Is(err, pgx.ErrNoRows) {
			return db.Dispute{}, ErrNotFound
		} else if err != nil {
			return db.Dispute{}, err
		}
		sellerID = e.SellerID
		if n == 0 {
			k, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams(key))
			if err != nil {
				return db.Dispute{}, err
			}
			return q.GetDispute(ctx, k.ResourceID.String)
		}

		switch e.Status {
		case "captured", "delivered", "release_pending":
		default:
			return db.Dispute{}, ErrInvalidState
		}
		d, err := q.InsertDispute(ctx, db.InsertDisputeParams{
			ID:       s.newID(),
			EscrowID: e.ID,
			OpenedBy: in.OpenedBy,
			Reason:   in.Reason,
		})
		if err != nil {
			return db.Dispute{}, err
		}
		if err := q.UpdateEscrowStatus(ctx, db.UpdateEscrowStatusParams{ID: e.ID, Status: "disputed"}); err != nil {
			return db.Dispute{}, err
		}
		return d, q.SetIdempotencyKeyResource(ctx, db.SetIdempotencyKeyResourceParams{
			Scope: key.Scope, Key: key.Key, ResourceID: d.ID,
		})
	})
	if err != nil {
		return db.Dispute{}, err
	}
	err = s.pub.Publish(ctx, events.SubjectDisputeOpened, events.DisputeOpened{
		DisputeID: d.ID, EscrowID: d.EscrowID, SellerID: sellerID,
	}, d.ID)
	return d, err
}

// ResolveInput settles a dispute, optionally refunding part of the payment.
type ResolveInput struct {
	DisputeID   string
	RefundCents int64
	Resolution  string
}

// Resolve settles a dispute. A positive RefundCents is refunded to the buyer
// and the escrow moves to refunded or settled.
func (s *Service) Resolve(ctx context.Context, in ResolveInput) (db.Dispute, error) {
	d, err := s.q.GetDispute(ctx, in.DisputeID)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Dispute{}, ErrNotFound
	} else if err != nil {
		return db.Dispute{}, err
	}
	if d.Status == StatusResolved {
		return d, nil
	}
	e, err := s.q.GetEscrow(ctx, d.EscrowID)
	if err != nil {
		return db.Dispute{}, err
	}
	if in.RefundCents < 0 || in.RefundCents > e.AmountCents {
		return db.Dispute{}, fmt.Errorf("%w: refund must be between 0 and the escrow amount", ErrValidation)
	}

	escrowStatus := "settled"
	if in.RefundCents > 0 {
		refundID, err := s.refunds.Refund(ctx, payments.RefundRequest{
			PaymentIntentID: e.PaymentIntentID.String,
			AmountCents:     in.RefundCents,
			Reason:          "requested_by_customer",
			Metadata:        map[string]string{"dispute_id": d.ID, "escrow_id": e.ID},
		})
		if err != nil {
			return db.Dispute{}, err
		}
		if err := s.q.InsertDisputeRefund(ctx, db.InsertDisputeRefundParams{
			DisputeID:      d.ID,
			StripeRefundID: refundID,
			AmountCents:    in.RefundCents,
		}); err != nil {
			return db.Dispute{}, fmt.Errorf("record refund: %w", err)
		}
		if in.RefundCents == e.AmountCents {
			escrowStatus = "refunded"
		}
	}

	if err := s.q.ResolveDispute(ctx, db.ResolveDisputeParams{ID: d.ID, Resolution: in.Resolution}); err != nil {
		return db.Dispute{}, fmt.Errorf("resolve dispute: %w", err)
	}
	if err := s.q.UpdateEscrowStatus(ctx, db.UpdateEscrowStatusParams{ID: e.ID, Status: escrowStatus}); err != nil {
		return db.Dispute{}, fmt.Errorf("update escrow: %w", err)
	}
	s.log.InfoContext(ctx, "dispute resolved", "dispute_id", d.ID, "refund_cents", in.RefundCents)
	return s.q.GetDispute(ctx, d.ID)
}

// HoldPayouts freezes payouts of the disputed escrow's funds. Holding an
// escrow that is already held is a no-op.
func (s *Service) HoldPayouts(ctx context.Context, ev events.DisputeOpened) error {
	n, err := s.q.InsertPayoutHold(ctx, db.InsertPayoutHoldParams{
		EscrowID:  ev.EscrowID,
		SellerID:  ev.SellerID,
		DisputeID: ev.DisputeID,
	})
	if err != nil {
		return fmt.Errorf("hold payouts: %w", err)
	}
	if n == 1 {
		s.log.InfoContext(ctx, "payouts held", "escrow_id", ev.EscrowID, "dispute_id", ev.DisputeID)
	}
	return nil
}
