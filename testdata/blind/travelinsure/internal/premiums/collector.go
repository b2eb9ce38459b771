// Package premiums collects policy premiums from travellers' cards, refunds
// them on cancellation and applies acquirer webhooks.
package premiums

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/paygate"
	"github.com/skyguard-travel/policyhub/internal/tasks"
)

// Collector handles the premium:collect and premium:refund tasks.
type Collector interface {
	HandleCollect(ctx context.Context, t *asynq.Task) error
	HandleRefund(ctx context.Context, t *asynq.Task) error
}

type collector struct {
	db       *bun.DB
	policies *repository.Repository[models.Policy]
	payments *repository.Repository[models.PremiumPayment]
	refunds  *repository.Repository[models.Refund]
	gateway  paygate.Gateway
	queue    queue.Enqueuer
	log      *slog.Logger
}

// NewCollector returns the premium task handlers.
func NewCollector(db *bun.DB, gw paygate.Gateway, q queue.Enqueuer, log *slog.Logger) Collector {
	return &collector{
		db:       db,
		policies: repository.New[models.Policy](db),
		payments: repository.New[models.PremiumPayment](db),
		refunds:  repository.New[models.Refund](db),
		gateway:  gw,
		queue:    q,
		log:      log,
	}
}

func (c *collector) HandleCollect(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.PolicyPayload](t)
	if err != nil {
		return err
	}
	pol, err := c.policies.Get(ctx, payload.PolicyID)
	if err != nil {
		return err
	}
	if pol.Status == models.PolicyActive {
		return c.enqueueFollowUps(ctx, pol)
	}
	if pol.Status != models.PolicyPendingPayment {
		return nil
	}

	charge, err := c.gateway.Charge(ctx, paygate.ChargeRequest{
		AmountMinor:    pol.PremiumMinor,
		Currency:       pol.Currency,
		PaymentMethod:  pol.PaymentMethodToken,
		Reference:      pol.PolicyNumber,
		Description:    "Travel insurance " + pol.PolicyNumber,
		IdempotencyKey: uuid.NewString(),
	})
	if errors.Is(err, paygate.ErrDeclined) {
		if _, uerr := c.db.NewUpdate().Model((*models.Policy)(nil)).
			Set("status = ?", models.PolicyPaymentFailed).
			Set("updated_at = now()").
			Where("id = ?", pol.ID).
			Where("status = ?", models.PolicyPendingPayment).
			Exec(ctx); uerr != nil {
			return uerr
		}
		c.log.InfoContext(ctx, "premium declined", "policy", pol.PolicyNumber)
		return fmt.Errorf("premium declined for %s: %w", pol.PolicyNumber, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}

	err = c.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := c.payments.WithTx(tx).Insert(ctx, &models.PremiumPayment{
			ID:               uuid.New(),
			PolicyID:         pol.ID,
			AmountMinor:      charge.AmountMinor,
			Currency:         charge.Currency,
			Status:           models.PaymentCaptured,
			ProviderChargeID: charge.ID,
			CreatedAt:        time.Now().UTC(),
		}); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*models.Policy)(nil)).
			Set("status = ?", models.PolicyActive).
			Set("updated_at = now()").
			Where("id = ?", pol.ID).
			Where("status = ?", models.PolicyPendingPayment).
			Exec(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("record premium: %w", err)
	}

	c.log.InfoContext(ctx, "premium captured", "policy", pol.PolicyNumber, "charge", charge.ID)
	return c.enqueueFollowUps(ctx, pol)
}

// enqueueFollowUps schedules commission and document delivery for a paid
// policy. It also runs when a redelivered task finds the policy already
// active, in case the first run stopped before enqueueing.
func (c *collector) enqueueFollowUps(ctx context.Context, pol *models.Policy) error {
	id := pol.ID.String()
	if err := c.queue.Enqueue(ctx, tasks.NewCommissionAccrue(pol.ID), asynq.TaskID("commission-accrue:"+id)); err != nil {
		return fmt.Errorf("enqueue commission accrual: %w", err)
	}
	if err := c.queue.Enqueue(ctx, tasks.NewPolicyDeliver(pol.ID), asynq.TaskID("policy-deliver:"+id)); err != nil {
		return fmt.Errorf("enqueue policy delivery: %w", err)
	}
	return nil
}

func (c *collector) HandleRefund(ctx context.Context, t *asynq.Task) error {
	payload, err := tasks.Decode[tasks.RefundPayload](t)
	if err != nil {
		return err
	}
	refund, err := c.refunds.Get(ctx, payload.RefundID)
	if err != nil {
		return err
	}
	if refund.Status != models.PaymentPending {
		return nil
	}
	payment, err := c.payments.Find(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("policy_id = ?", refund.PolicyID).Where("status = ?", models.PaymentCaptured)
	})
	if err != nil {
		return fmt.Errorf("captured premium for refund %s: %w", refund.ID, err)
	}

	out, err := c.gateway.Refund(ctx, paygate.RefundRequest{
		ChargeID:       payment.ProviderChargeID,
		AmountMinor:    refund.AmountMinor,
		Reason:         "policy_cancelled",
		IdempotencyKey: "refund-" + refund.ID.String(),
	})
	if err != nil {
		return err
	}

	_, err = c.db.NewUpdate().Model((*models.Refund)(nil)).
		Set("status = ?", models.PaymentSubmitted).
		Set("provider_refund_id = ?", out.ID).
		Set("updated_at = now()").
		Where("id = ?", refund.ID).
		Where("status = ?", models.PaymentPending).
		Exec(ctx)
	return err
}
