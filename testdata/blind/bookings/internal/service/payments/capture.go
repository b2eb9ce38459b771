package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

// Capturer captures authorised PaymentIntents.
type Capturer interface {
	Capture(ctx context.Context, req stripepay.CaptureRequest) (*stripepay.IntentResult, error)
}

// CaptureService captures authorised payments.
type CaptureService struct {
	Tx       database.TxManager
	Payments database.Store[domain.Payment]
	Gateway  Capturer
	Log      *slog.Logger
}

// Capture captures one payment. The status moves to "capturing" under a row
// lock before Stripe is called, and the Stripe idempotency key is derived
// from the payment id, so a retry after a crash repeats the same capture.
func (s *CaptureService) Capture(ctx context.Context, paymentID string) error {
	var (
		p    domain.Payment
		done bool
	)
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		locked, err := s.Payments.LockWhere(ctx, "id = ?", paymentID)
		if errors.Is(err, database.ErrNotFound) {
			return fmt.Errorf("payment %s: %w: %w", paymentID, err, asynq.SkipRetry)
		}
		if err != nil {
			return err
		}
		switch locked.Status {
		case domain.PaymentCaptured:
			done = true
			return nil
		case domain.PaymentAuthorized, domain.PaymentCapturing:
		default:
			return fmt.Errorf("payment %s in status %s: %w", paymentID, locked.Status, asynq.SkipRetry)
		}
		p = *locked
		_, err = s.Payments.UpdateWhere(ctx,
			map[string]any{"status": domain.PaymentCapturing, "updated_at": time.Now().UTC()}, "id = ?", p.ID)
		return err
	})
	if err != nil || done {
		return err
	}

	if _, err := s.Gateway.Capture(ctx, stripepay.CaptureRequest{
		PaymentIntentID: *p.StripePaymentIntentID,
		IdempotencyKey:  "capture:" + p.ID,
	}); err != nil {
		return fmt.Errorf("capture %s: %w", p.ID, err)
	}
	now := time.Now().UTC()
	_, err = s.Payments.UpdateWhere(ctx,
		map[string]any{"status": domain.PaymentCaptured, "captured_at": now, "updated_at": now},
		"id = ? AND status = ?", p.ID, domain.PaymentCapturing)
	return err
}
