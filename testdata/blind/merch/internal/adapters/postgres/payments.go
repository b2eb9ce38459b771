package postgres

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/adapters/postgres/sqlcgen"
	"github.com/merchline/preorders/internal/core/domain"
)

func (s *Store) InsertOperation(ctx context.Context, op domain.PaymentOperation) (domain.PaymentOperation, error) {
	if err := s.q.InsertPaymentOperation(ctx, sqlcgen.InsertPaymentOperationParams{
		ID:           op.ID,
		OrderID:      op.OrderID,
		Kind:         string(op.Kind),
		OperationKey: op.OperationKey,
		AmountCents:  op.AmountCents,
		CreatedAt:    op.CreatedAt,
	}); err != nil {
		return domain.PaymentOperation{}, fmt.Errorf("insert payment operation: %w", err)
	}
	row, err := s.q.GetPaymentOperationByKey(ctx, op.OperationKey)
	if err != nil {
		return domain.PaymentOperation{}, fmt.Errorf("load payment operation: %w", err)
	}
	return toOperation(row), nil
}

func (s *Store) GetOperationByKey(ctx context.Context, key string) (domain.PaymentOperation, error) {
	row, err := s.q.GetPaymentOperationByKey(ctx, key)
	if err != nil {
		return domain.PaymentOperation{}, notFound(err)
	}
	return toOperation(row), nil
}

func (s *Store) CompleteOperation(ctx context.Context, id uuid.UUID, objectID string) error {
	return s.q.CompletePaymentOperation(ctx, sqlcgen.CompletePaymentOperationParams{ID: id, StripeObjectID: &objectID})
}

func (s *Store) FailOperation(ctx context.Context, id uuid.UUID, code string) error {
	return s.q.FailPaymentOperation(ctx, sqlcgen.FailPaymentOperationParams{ID: id, FailureCode: &code})
}

func (s *Store) FindCaptureByPaymentIntent(ctx context.Context, pi string) (domain.PaymentOperation, error) {
	row, err := s.q.FindCaptureByPaymentIntent(ctx, &pi)
	if err != nil {
		return domain.PaymentOperation{}, notFound(err)
	}
	return toOperation(row), nil
}

func (s *Store) InsertRefund(ctx context.Context, r domain.Refund) (domain.Refund, error) {
	if err := s.q.InsertRefund(ctx, sqlcgen.InsertRefundParams{
		ID:           r.ID,
		OrderID:      r.OrderID,
		OrderItemID:  nullUUID(r.OrderItemID),
		OperationKey: r.OperationKey,
		Reason:       r.Reason,
		AmountCents:  r.AmountCents,
		CreatedAt:    r.CreatedAt,
	}); err != nil {
		return domain.Refund{}, fmt.Errorf("insert refund: %w", err)
	}
	row, err := s.q.GetRefundByKey(ctx, r.OperationKey)
	if err != nil {
		return domain.Refund{}, fmt.Errorf("load refund: %w", err)
	}
	return toRefund(row), nil
}

func (s *Store) CompleteRefund(ctx context.Context, id uuid.UUID, stripeRefundID string) error {
	return s.q.CompleteRefund(ctx, sqlcgen.CompleteRefundParams{ID: id, StripeRefundID: &stripeRefundID})
}

func (s *Store) FailRefund(ctx context.Context, id uuid.UUID) error {
	return s.q.FailRefund(ctx, id)
}

func (s *Store) MarkRefundSucceededByStripeID(ctx context.Context, stripeRefundID string) (bool, error) {
	n, err := s.q.MarkRefundSucceededByStripeID(ctx, &stripeRefundID)
	return n > 0, err
}

func (s *Store) GetRefundByStripeID(ctx context.Context, stripeRefundID string) (domain.Refund, error) {
	row, err := s.q.GetRefundByStripeID(ctx, &stripeRefundID)
	if err != nil {
		return domain.Refund{}, notFound(err)
	}
	return toRefund(row), nil
}

func (s *Store) InsertDispute(ctx context.Context, d domain.Dispute) (bool, error) {
	n, err := s.q.InsertDispute(ctx, sqlcgen.InsertDisputeParams{
		ID:              d.ID,
		OrderID:         d.OrderID,
		StripeDisputeID: d.StripeDisputeID,
		Reason:          d.Reason,
		AmountCents:     d.AmountCents,
		Status:          d.Status,
		CreatedAt:       timeNow(),
	})
	return n > 0, err
}
