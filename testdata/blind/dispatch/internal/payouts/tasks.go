package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/providers/stripepay"
)

// TaskInstantPayout executes an instant payout request.
const TaskInstantPayout = "payout:instant"

// InstantPayoutPayload is the payload of TaskInstantPayout.
type InstantPayoutPayload struct {
	RequestID string `json:"request_id"`
}

// Tasks holds the payouts task handlers.
type Tasks struct {
	instants  *database.Repo[domain.InstantPayoutRequest]
	merchants *database.Repo[domain.Merchant]
	stripe    stripepay.Client
	log       *zap.Logger
}

// NewTasks builds Tasks.
func NewTasks(db *gorm.DB, sc stripepay.Client, log *zap.Logger) *Tasks {
	return &Tasks{
		instants:  database.NewRepo[domain.InstantPayoutRequest](db),
		merchants: database.NewRepo[domain.Merchant](db),
		stripe:    sc,
		log:       log,
	}
}

// Table returns the handler table.
func (t *Tasks) Table() taskqueue.Table {
	return taskqueue.Table{{Type: TaskInstantPayout, Handler: t.HandleInstantPayout}}
}

// HandleInstantPayout pays out from the merchant's connected balance to
// their debit card.
func (t *Tasks) HandleInstantPayout(ctx context.Context, task *asynq.Task) error {
	p, err := taskqueue.Decode[InstantPayoutPayload](task)
	if err != nil {
		return err
	}
	req, err := t.instants.Get(ctx, p.RequestID)
	if errors.Is(err, database.ErrNotFound) {
		return fmt.Errorf("instant payout %s: %w", p.RequestID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if req.Status == "paid" {
		return nil
	}
	m, err := t.merchants.Get(ctx, req.MerchantID)
	if err != nil {
		return err
	}
	params := stripepay.NewPayout(req.AmountCents, req.Currency).
		Instant().
		OnBehalfOf(m.StripeAccountID).
		StatementDescriptor("QUAYMILE COD").
		Meta("request_id", req.ID).
		IdempotencyKey(uuid.NewString()).
		Build()
	po, err := t.stripe.CreatePayout(ctx, params)
	if err != nil {
		return fmt.Errorf("stripe instant payout: %w", err)
	}
	_, err = t.instants.UpdateWhere(ctx, map[string]any{
		"status": "paid", "stripe_payout_id": po.ID, "updated_at": time.Now().UTC(),
	}, "id = ? AND status = 'requested'", req.ID)
	return err
}
