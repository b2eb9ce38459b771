package billing

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/providers/stripepay"
)

// Refunder is the provider side of a refund.
type Refunder interface {
	Refund(ctx context.Context, req stripepay.RefundRequest) (stripepay.RefundResult, error)
}

// RefundStore persists refunds.
type RefundStore interface {
	Open(ctx context.Context, tx *sqlx.Tx, rf *domain.CopayRefund) (*domain.CopayRefund, error)
	ByCopay(ctx context.Context, copayID uuid.UUID) (*domain.CopayRefund, error)
	Finish(ctx context.Context, id uuid.UUID, status, stripeRefundID string) error
}

// RefundService refunds copays.
type RefundService struct {
	db       *sqlx.DB
	copays   CopayStore
	refunds  RefundStore
	refunder Refunder
	log      *slog.Logger
}

func NewRefundService(d *sqlx.DB, copays CopayStore, refunds RefundStore, refunder Refunder, log *slog.Logger) *RefundService {
	return &RefundService{db: d, copays: copays, refunds: refunds, refunder: refunder, log: log}
}

// Open records the refund for c inside tx.
func (s *RefundService) Open(ctx context.Context, tx *sqlx.Tx, c *domain.Copay, reason, actor string) (*domain.CopayRefund, error) {
	if c.Status != domain.CopaySucceeded && c.Status != domain.CopayRefunded {
		return nil, fmt.Errorf("copay %s is %s: %w", c.ID, c.Status, domain.ErrInvalidState)
	}
	id := ids.NewUUID()
	return s.refunds.Open(ctx, tx, &domain.CopayRefund{
		ID:             id,
		CopayID:        c.ID,
		Reason:         reason,
		AmountCents:    c.AmountCents,
		IdempotencyKey: ids.Derived("refund", id.String()),
		RequestedBy:    actor,
	})
}

// Request opens and executes a refund for copayID.
func (s *RefundService) Request(ctx context.Context, copayID uuid.UUID, reason, actor string) (*domain.CopayRefund, error) {
	c, err := s.copays.Get(ctx, copayID)
	if err != nil {
		return nil, err
	}
	rf, err := db.InTxValue(ctx, s.db, func(tx *sqlx.Tx) (*domain.CopayRefund, error) {
		return s.Open(ctx, tx, c, reason, actor)
	})
	if err != nil {
		return nil, err
	}
	return s.Execute(ctx, rf)
}

// Resume executes the pending refund of copayID, if there is one.
func (s *RefundService) Resume(ctx context.Context, copayID uuid.UUID) (*domain.CopayRefund, error) {
	rf, err := s.refunds.ByCopay(ctx, copayID)
	if err != nil {
		if err == domain.ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	return s.Execute(ctx, rf)
}

// Execute sends a pending refund to Stripe.
func (s *RefundService) Execute(ctx context.Context, rf *domain.CopayRefund) (*domain.CopayRefund, error) {
	if rf.Status != "pending" {
		return rf, nil
	}
	c, err := s.copays.Get(ctx, rf.CopayID)
	if err != nil {
		return nil, err
	}
	if c.StripePaymentIntentID == nil {
		return nil, fmt.Errorf("copay %s has no payment intent: %w", c.ID, domain.ErrInvalidState)
	}
	res, err := s.refunder.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: *c.StripePaymentIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"refund_id": rf.ID.String(), "reason": rf.Reason},
		IdempotencyKey:  rf.IdempotencyKey,
	})
	if err != nil {
		return nil, err
	}
	status := "succeeded"
	if res.Status == "pending" || res.Status == "requires_action" {
		status = "processing"
	} else if res.Status == "failed" || res.Status == "canceled" {
		status = "failed"
	}
	if err := s.refunds.Finish(ctx, rf.ID, status, res.RefundID); err != nil {
		return nil, err
	}
	rf.Status = status
	rf.StripeRefundID = &res.RefundID
	s.log.Info("copay refunded", "copay", c.ID, "refund", res.RefundID, "status", status)
	return rf, nil
}
