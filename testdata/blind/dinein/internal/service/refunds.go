package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/dinein/platform/internal/payments"
	"github.com/dinein/platform/internal/store"
)

// ErrNotRefundable is returned when an order has no captured charge.
var ErrNotRefundable = errors.New("order has no captured charge to refund")

// RefundService issues card refunds.
type RefundService interface {
	IssueRefund(ctx context.Context, refundID uuid.UUID) error
	RefundAdjustment(ctx context.Context, adjustmentID uuid.UUID) error
}

type refundService struct {
	db       store.DB
	refunds  store.RefundRepository
	payments store.PaymentRepository
	gateway  payments.Gateway
}

// NewRefundService builds the RefundService.
func NewRefundService(db store.DB, refunds store.RefundRepository, pays store.PaymentRepository, gateway payments.Gateway) *refundService {
	return &refundService{db: db, refunds: refunds, payments: pays, gateway: gateway}
}

func (s *refundService) intentFor(ctx context.Context, q store.Querier, orderID uuid.UUID) (string, error) {
	attempt, err := s.payments.GetAttemptByOrder(ctx, q, orderID)
	if err != nil {
		return "", err
	}
	if attempt.Status != "succeeded" || attempt.StripePaymentIntentID == nil {
		return "", ErrNotRefundable
	}
	return *attempt.StripePaymentIntentID, nil
}

func (s *refundService) IssueRefund(ctx context.Context, refundID uuid.UUID) error {
	rf, err := s.refunds.Get(ctx, s.db, refundID)
	if err != nil {
		return err
	}
	if rf.Status == "succeeded" {
		return nil
	}
	intent, err := s.intentFor(ctx, s.db, rf.OrderID)
	if err != nil {
		return err
	}
	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		IntentID:    intent,
		AmountCents: rf.AmountCents,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"refund_id": rf.ID.String(), "reason": rf.Reason},
	}, payments.WithIdempotencyKey(payments.OperationKey("refund", rf.ID)))
	if err != nil {
		return err
	}
	return s.refunds.MarkSucceeded(ctx, s.db, rf.ID, res.RefundID)
}

func (s *refundService) RefundAdjustment(ctx context.Context, adjustmentID uuid.UUID) error {
	adj, err := s.refunds.GetAdjustment(ctx, s.db, adjustmentID)
	if err != nil {
		return err
	}
	if adj.Status == "refunded" {
		return nil
	}
	intent, err := s.intentFor(ctx, s.db, adj.OrderID)
	if err != nil {
		return err
	}
	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		IntentID:    intent,
		AmountCents: adj.AmountCents,
		Reason:      "requested_by_customer",
		Metadata: map[string]string{
			"adjustment_id": adj.ID.String(),
			"menu_item_id":  adj.MenuItemID.String(),
		},
	})
	if err != nil {
		return fmt.Errorf("refund adjustment %s: %w", adj.ID, err)
	}
	return store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		return s.refunds.MarkAdjustmentRefunded(ctx, tx, adj.ID, res.RefundID)
	})
}
