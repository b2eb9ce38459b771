package billing

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/google/uuid"

	"github.com/nimbusrack/hosting/internal/events"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/payments"
)

// Refunder is the refund side of the payment provider.
type Refunder interface {
	Refund(ctx context.Context, paymentRef string, amountCents int64, reason string, opts ...payments.CallOption) (*payments.RefundResult, error)
}

// RefundService issues refunds requested through support.
type RefundService struct {
	payments *PaymentRepository
	refunder Refunder
	events   Publisher
}

// NewRefundService wires a RefundService.
func NewRefundService(pay *PaymentRepository, refunder Refunder, pub Publisher) *RefundService {
	return &RefundService{payments: pay, refunder: refunder, events: pub}
}

// RefundInput is the body of a refund request.
type RefundInput struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

var refundReasons = map[string]string{
	"duplicate":     "duplicate",
	"fraudulent":    "fraudulent",
	"customer":      "requested_by_customer",
	"service_issue": "requested_by_customer",
}

// Issue refunds part or all of a settled payment.
func (s *RefundService) Issue(ctx context.Context, paymentID uuid.UUID, in RefundInput) (*Refund, error) {
	p, err := s.payments.Get(ctx, paymentID)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NewError(http.StatusNotFound, "not_found", "payment not found")
	}
	if err != nil {
		return nil, err
	}
	if p.Status != PaymentSucceeded || p.ProviderRef == nil {
		return nil, httpx.NewError(http.StatusConflict, "not_refundable", "payment has not settled")
	}
	reason, ok := refundReasons[in.Reason]
	if !ok {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "invalid_reason", "unknown refund reason")
	}
	refunded, err := s.payments.RefundedTotal(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	if in.AmountCents <= 0 || refunded+in.AmountCents > p.AmountCents {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "invalid_amount",
			fmt.Sprintf("at most %d cents can be refunded", p.AmountCents-refunded))
	}

	res, err := s.refunder.Refund(ctx, *p.ProviderRef, in.AmountCents, reason,
		payments.WithMetadata("payment_id", p.ID.String()))
	if err != nil {
		return nil, err
	}

	rf := &Refund{
		PaymentID:   p.ID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		ProviderRef: res.ProviderRef,
		Status:      res.Status,
	}
	if err := s.payments.CreateRefund(ctx, rf); err != nil {
		return nil, fmt.Errorf("record refund %s: %w", res.ProviderRef, err)
	}

	err = s.events.Publish(ctx, events.TopicRefundIssued, events.RefundIssued{
		RefundID: rf.ID, PaymentID: p.ID, CustomerID: p.CustomerID, AmountCents: rf.AmountCents,
	}, messaging.WithMessageID("refund-issued-"+rf.ID.String()))
	if err != nil {
		return nil, err
	}
	return rf, nil
}
