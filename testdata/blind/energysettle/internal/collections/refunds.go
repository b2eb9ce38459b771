package collections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/provider/gocardless"
)

// RefundRepository is what RefundService needs from storage.
type RefundRepository interface {
	GetRefundRequest(ctx context.Context, id string) (*model.RefundRequest, error)
	GetPayment(ctx context.Context, id string) (*model.Payment, error)
	MarkRefundSubmitted(ctx context.Context, id, providerRefundID string, at time.Time) error
}

// RefundCreator creates refunds at the provider.
type RefundCreator interface {
	CreateRefund(ctx context.Context, p gocardless.RefundParams, opts ...gocardless.RequestOption) (*gocardless.Refund, error)
}

// RefundService submits approved refund requests to the provider.
type RefundService struct {
	repo RefundRepository
	gc   RefundCreator
	now  func() time.Time
	log  *slog.Logger
}

// NewRefundService wires a RefundService.
func NewRefundService(repo RefundRepository, gc RefundCreator, now func() time.Time, log *slog.Logger) *RefundService {
	return &RefundService{repo: repo, gc: gc, now: now, log: log}
}

// Submit sends an approved refund request to the provider.
func (s *RefundService) Submit(ctx context.Context, refundRequestID string) error {
	rr, err := s.repo.GetRefundRequest(ctx, refundRequestID)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: unknown refund request %s", ErrInvalid, refundRequestID)
	}
	if err != nil {
		return err
	}
	switch rr.Status {
	case "submitted", "paid":
		return nil
	case "approved":
	default:
		return fmt.Errorf("%w: refund request %s is %s", ErrInvalid, rr.ID, rr.Status)
	}
	pay, err := s.repo.GetPayment(ctx, rr.PaymentID)
	if err != nil {
		return err
	}
	if !pay.Submitted() || (pay.Status != model.PaymentConfirmed && pay.Status != model.PaymentPaidOut) {
		return fmt.Errorf("%w: payment %s has not been collected", ErrInvalid, pay.ID)
	}
	if rr.AmountPence > pay.AmountPence {
		return fmt.Errorf("%w: refund exceeds payment", ErrInvalid)
	}

	params := gocardless.RefundParams{
		Amount:    rr.AmountPence,
		Reference: "REF-" + shortRef(rr.ID),
		Metadata: map[string]string{
			"refund_request_id": rr.ID,
			"payment_id":        pay.ID,
		},
	}
	params.Links.Payment = *pay.ProviderPaymentID
	refund, err := s.gc.CreateRefund(ctx, params)
	if err != nil {
		return fmt.Errorf("create refund for %s: %w", rr.ID, err)
	}
	if err := s.repo.MarkRefundSubmitted(ctx, rr.ID, refund.ID, s.now()); err != nil {
		return err
	}
	s.log.Info("refund submitted", "refund_request_id", rr.ID, "provider_refund_id", refund.ID, "amount_pence", rr.AmountPence)
	return nil
}
