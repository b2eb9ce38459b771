package billing

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/model"
	"github.com/tldhouse/registrar/internal/paygate"
)

// Refund refunds a payment in full.
func (s *Service) Refund(ctx context.Context, paymentID uuid.UUID, reason string) (model.Payment, error) {
	p, err := s.payments.Get(ctx, paymentID)
	if err != nil {
		return p, err
	}
	switch p.Status {
	case model.PaymentRefunded:
		return p, nil
	case model.PaymentSucceeded:
	default:
		return p, ErrNotRefundable
	}
	rf, err := s.gw.CreateRefund(ctx, paygate.RefundRequest{
		Charge: p.GatewayChargeID,
		Amount: p.AmountCents,
		Reason: reason,
	}, paygate.WithIdempotencyKey("refund:"+p.ID.String()))
	if err != nil {
		return p, err
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.payments.InsertRefund(ctx, model.Refund{
			ID:              uuid.New(),
			PaymentID:       p.ID,
			GatewayRefundID: rf.ID,
			AmountCents:     rf.Amount,
			Reason:          reason,
			CreatedAt:       time.Now().UTC(),
		}); err != nil {
			return err
		}
		return s.payments.SetStatus(ctx, p.ID, model.PaymentRefunded)
	})
	if err != nil {
		return p, err
	}
	p.Status = model.PaymentRefunded
	return p, nil
}

// RefundOrder refunds the order's settled payment, if it has one.
func (s *Service) RefundOrder(ctx context.Context, orderID uuid.UUID, reason string) error {
	p, err := s.payments.LatestForOrder(ctx, orderID)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status != model.PaymentSucceeded && p.Status != model.PaymentRefunded {
		return nil
	}
	_, err = s.Refund(ctx, p.ID, reason)
	return err
}
