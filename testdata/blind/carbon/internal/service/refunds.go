package service

import (
	"context"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/payments"
	"github.com/terravault/carbonreg/internal/repo"
)

// RefundRequest is the input of RefundService.Refund.
type RefundRequest struct {
	OrderID     uuid.UUID
	RequestKey  string
	AmountCents int64
	Reason      string
}

// RefundService refunds paid orders.
type RefundService interface {
	Refund(ctx context.Context, in RefundRequest) (*domain.Refund, error)
}

type refundService struct {
	orders  repo.Orders
	refunds repo.Refunds
	gateway payments.Gateway
	log     *slog.Logger
}

// NewRefundService returns the RefundService.
func NewRefundService(o repo.Orders, r repo.Refunds, g payments.Gateway, log *slog.Logger) RefundService {
	return &refundService{orders: o, refunds: r, gateway: g, log: log}
}

var stripeRefundReasons = map[string]bool{"duplicate": true, "fraudulent": true, "requested_by_customer": true}

// Refund opens a refund record for the caller's request key and pays it out
// through Stripe.
func (s *refundService) Refund(ctx context.Context, in RefundRequest) (*domain.Refund, error) {
	if strings.TrimSpace(in.RequestKey) == "" {
		return nil, fail(ErrInvalid, "Idempotency-Key header is required")
	}
	if !stripeRefundReasons[in.Reason] {
		in.Reason = "requested_by_customer"
	}
	o, err := s.orders.Get(ctx, in.OrderID)
	if err != nil {
		return nil, notFound(err, "order")
	}
	if o.Status != domain.OrderPaid || o.PaymentIntentID == nil {
		return nil, fail(ErrState, "order %s is %s", o.ID, o.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > o.AmountCents {
		in.AmountCents = o.AmountCents
	}
	r, err := s.refunds.Open(ctx, &domain.Refund{
		ID:          ids.Derive("refund", o.ID.String(), in.RequestKey),
		OrderID:     o.ID,
		RequestKey:  in.RequestKey,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		Status:      domain.RefundPending,
	})
	if err != nil {
		return nil, err
	}
	if r.Status == domain.RefundSucceeded {
		return r, nil
	}
	sr, err := s.gateway.Refund(ctx, *o.PaymentIntentID, r.AmountCents, r.Reason)
	if err != nil {
		return nil, err
	}
	if err := s.refunds.Complete(ctx, r.ID, sr.ID, domain.RefundSucceeded); err != nil {
		return nil, err
	}
	r.Status = domain.RefundSucceeded
	r.StripeRefundID = &sr.ID
	if r.AmountCents == o.AmountCents {
		if err := s.orders.SetStatus(ctx, o.ID, domain.OrderRefunded); err != nil {
			s.log.ErrorContext(ctx, "order not marked refunded", "order", o.ID, "err", err)
		}
	}
	return r, nil
}
