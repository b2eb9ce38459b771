package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/payments"
)

// GoodwillRefundCmd is a merchant asking for part of a fee back, e.g. for a
// parcel damaged in flight.
type GoodwillRefundCmd struct {
	OrderID     uuid.UUID
	MerchantID  uuid.UUID
	AmountCents int64
	Reason      string
}

// Subject implements command.Subjecter.
func (c GoodwillRefundCmd) Subject() string { return c.OrderID.String() }

// RequestGoodwillRefund refunds part of an order's delivery fee.
func (s *Service) RequestGoodwillRefund(ctx context.Context, cmd GoodwillRefundCmd) (*domain.Refund, error) {
	o, err := s.store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return nil, err
	}
	if o.MerchantID != cmd.MerchantID {
		return nil, domain.ErrNotFound
	}
	if o.ChargeID == "" || o.Status != domain.OrderDelivered {
		return nil, fmt.Errorf("%w: only delivered, paid orders can be refunded", domain.ErrInvalidTransition)
	}
	if cmd.AmountCents <= 0 || cmd.AmountCents > o.FeeCents {
		return nil, fmt.Errorf("%w: amount must be between 1 and %d", domain.ErrInvalidArgument, o.FeeCents)
	}

	r := &domain.Refund{
		ID:          uuid.New(),
		OrderID:     o.ID,
		MerchantID:  o.MerchantID,
		Kind:        domain.RefundGoodwill,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
		Status:      domain.RefundPending,
	}
	if err := s.store.Refunds().Insert(ctx, r); err != nil {
		return nil, fmt.Errorf("insert refund: %w", err)
	}
	return s.submitRefund(ctx, r, o.ChargeID)
}

// RetryRefund resubmits a refund that failed at the provider.
func (s *Service) RetryRefund(ctx context.Context, id uuid.UUID) (*domain.Refund, error) {
	r, err := s.store.Refunds().Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Status == domain.RefundSucceeded {
		return r, nil
	}
	o, err := s.store.Orders().Get(ctx, r.OrderID)
	if err != nil {
		return nil, err
	}
	return s.submitRefund(ctx, r, o.ChargeID)
}

// submitRefund sends the refund keyed by its row id, so resubmitting the same
// row can never refund twice.
func (s *Service) submitRefund(ctx context.Context, r *domain.Refund, chargeID string) (*domain.Refund, error) {
	pr, err := s.gateway.CreateRefund(ctx, payments.RefundRequest{
		ChargeID:    chargeID,
		AmountCents: r.AmountCents,
		Reason:      string(r.Kind),
	}, payments.WithIdempotencyKey("refund:"+r.ID.String()))
	if err != nil {
		if merr := s.store.Refunds().MarkFailed(ctx, r.ID); merr != nil {
			s.log.ErrorContext(ctx, "mark refund failed", "refund", r.ID, "err", merr)
		}
		return nil, fmt.Errorf("submit refund %s: %w", r.ID, err)
	}
	if err := s.store.Refunds().MarkSucceeded(ctx, r.ID, pr.ID); err != nil {
		return nil, fmt.Errorf("record refund %s: %w", r.ID, err)
	}
	r.Status = domain.RefundSucceeded
	r.ProviderRefundID = pr.ID
	return r, nil
}

// RefundFailedDelivery returns the full fee for an order the fleet could not deliver.
func (s *Service) RefundFailedDelivery(ctx context.Context, orderID uuid.UUID, reason string) (*domain.Refund, error) {
	o, err := s.store.Orders().Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if o.ChargeID == "" {
		return nil, nil
	}
	r, err := s.store.Refunds().EnsureFailedDelivery(ctx, &domain.Refund{
		ID:          uuid.New(),
		OrderID:     o.ID,
		MerchantID:  o.MerchantID,
		AmountCents: o.FeeCents,
		Reason:      reason,
	})
	if err != nil {
		return nil, fmt.Errorf("ensure refund row: %w", err)
	}
	if r.Status == domain.RefundSucceeded {
		return r, nil
	}

	pr, err := s.gateway.CreateRefund(ctx, payments.RefundRequest{
		ChargeID:    o.ChargeID,
		AmountCents: r.AmountCents,
		Reason:      "delivery_failed",
	}, payments.WithMetadata(map[string]string{
		"order_id":  o.ID.String(),
		"refund_id": r.ID.String(),
	}))
	if err != nil {
		return nil, fmt.Errorf("refund failed delivery %s: %w", o.ID, err)
	}
	if err := s.store.Refunds().MarkSucceeded(ctx, r.ID, pr.ID); err != nil {
		return nil, err
	}
	r.Status = domain.RefundSucceeded
	r.ProviderRefundID = pr.ID
	return r, nil
}
