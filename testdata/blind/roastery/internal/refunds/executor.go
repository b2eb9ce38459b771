package refunds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/payments"
)

// Executor pays approved refunds.
type Executor struct {
	refunds  *db.Repo[models.Refund]
	payments payments.Gateway
	log      *slog.Logger
}

// NewExecutor returns an Executor.
func NewExecutor(gdb *gorm.DB, pg payments.Gateway, log *slog.Logger) *Executor {
	return &Executor{refunds: db.NewRepo[models.Refund](gdb), payments: pg, log: log.With("component", "refund-executor")}
}

// HandleRefundApproved is the JetStream handler for refund.approved.
func (e *Executor) HandleRefundApproved(ctx context.Context, env events.Envelope) error {
	var ev events.RefundApprovedEvent
	if err := env.Decode(&ev); err != nil {
		return fmt.Errorf("%w: %v", events.ErrDrop, err)
	}
	refund, err := e.refunds.Get(ctx, ev.RefundID)
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("%w: refund %s", events.ErrDrop, ev.RefundID)
	}
	if err != nil {
		return err
	}
	switch refund.Status {
	case models.RefundApproved:
		if _, err := e.refunds.UpdateWhere(ctx, map[string]any{"status": models.RefundProcessing},
			"id = ? AND status = ?", refund.ID, models.RefundApproved); err != nil {
			return err
		}
	case models.RefundProcessing:
		// A previous delivery got this far; pay again under the same key.
	default:
		return nil
	}

	result, err := httpx.RetryValue(ctx, func() (*payments.RefundResult, error) {
		return e.payments.Refund(ctx, payments.RefundRequest{
			ChargeID:       refund.ChargeID,
			AmountCents:    refund.AmountCents,
			Reason:         "damaged_in_transit",
			Metadata:       map[string]string{"refund_id": refund.ID},
			IdempotencyKey: "refund-" + refund.ID,
		})
	})
	if err != nil {
		if httpx.IsRetryable(err) {
			return err
		}
		_, uerr := e.refunds.UpdateWhere(ctx, map[string]any{"status": models.RefundFailed},
			"id = ? AND status = ?", refund.ID, models.RefundProcessing)
		return errors.Join(fmt.Errorf("%w: %v", events.ErrDrop, err), uerr)
	}

	_, err = e.refunds.UpdateWhere(ctx, map[string]any{
		"status":             models.RefundSucceeded,
		"provider_refund_id": result.ID,
	}, "id = ? AND status = ?", refund.ID, models.RefundProcessing)
	return err
}
