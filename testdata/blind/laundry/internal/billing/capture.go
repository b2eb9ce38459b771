package billing

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/retry"
	"github.com/freshpress/laundry/internal/store"
)

func (s *Service) finalAmount(ctx context.Context, o *store.Order, p *store.Payment) (int64, error) {
	credits, err := s.creditsFor(ctx, o.CustomerID, o.ID)
	if err != nil {
		return 0, err
	}
	total := o.TotalCents
	if total == 0 {
		total = o.EstimatedCents
	}
	amount := total - credits
	if amount < 0 {
		amount = 0
	}
	if amount > p.AmountCents {
		amount = p.AmountCents
	}
	return amount, nil
}

// CaptureOrder settles the pre-authorisation once the order is delivered.
// A failed capture is handed to the retry queue rather than failing the
// delivery event.
func (s *Service) CaptureOrder(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.repos.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	p, err := s.repos.Payments.ByOrderKind(ctx, orderID, store.PaymentPreauth)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotAuthorized
	}
	if err != nil {
		return err
	}
	if p.Status == store.PaymentCaptured {
		return nil
	}
	if p.ProcessorPaymentID == nil {
		return ErrNotAuthorized
	}
	amount, err := s.finalAmount(ctx, o, p)
	if err != nil {
		return err
	}

	opID, err := s.repos.Payments.ClaimCaptureOp(ctx, p.ID, "capture:"+uuid.NewString())
	if err != nil {
		return err
	}

	intent, err := retry.DoValue(ctx, retry.Quick, func() (*payments.Intent, error) {
		in, err := s.processor.Capture(ctx, *p.ProcessorPaymentID, amount, payments.WithIdempotencyKey(opID))
		return in, retry.Classify(err)
	})
	if err != nil {
		s.log.Warn("capture failed, scheduling retry", "payment_id", p.ID, "err", err)
		if ferr := s.repos.Payments.RecordFailure(ctx, p.ID, err.Error()); ferr != nil {
			return ferr
		}
		if s.retries == nil {
			return err
		}
		return s.retries.ScheduleCaptureRetry(ctx, p.ID, 15*time.Minute)
	}
	return s.repos.Payments.SetCaptured(ctx, p.ID, intent.AmountCaptured)
}

// RetryCapture is run by the capture-retry job for payments whose capture
// failed after delivery.
func (s *Service) RetryCapture(ctx context.Context, paymentID uuid.UUID) error {
	p, err := s.repos.Payments.Get(ctx, paymentID)
	if err != nil {
		return err
	}
	if p.Status == store.PaymentCaptured || p.Status == store.PaymentVoided {
		return nil
	}
	if p.ProcessorPaymentID == nil {
		return ErrNotAuthorized
	}
	o, err := s.repos.Orders.Get(ctx, p.OrderID)
	if err != nil {
		return err
	}
	amount, err := s.finalAmount(ctx, o, p)
	if err != nil {
		return err
	}

	var captured *payments.Intent
	err = retry.Do(ctx, retry.Quick, func() error {
		// A reused key would replay the earlier decline.
		key := uuid.NewString()
		in, err := s.processor.Capture(ctx, *p.ProcessorPaymentID, amount, payments.WithIdempotencyKey(key))
		if err != nil {
			return retry.Classify(err)
		}
		captured = in
		return nil
	})
	if err != nil {
		_ = s.repos.Payments.RecordFailure(ctx, p.ID, err.Error())
		return err
	}
	return s.repos.Payments.SetCaptured(ctx, p.ID, captured.AmountCaptured)
}
