package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/outbox"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/rabbit"
	"github.com/kindredgive/donations/internal/repository"
	"github.com/kindredgive/donations/internal/service/giftaid"
	"github.com/kindredgive/donations/internal/service/payouts"
)

// Params are the job dependencies.
type Params struct {
	fx.In

	Cfg       *config.Config
	DB        *bun.DB
	Plans     repository.RecurringRepo
	Outbox    outbox.Store
	Publisher rabbit.Publisher
	Payouts   payouts.Service
	GiftAid   giftaid.Service
	Log       *zap.Logger
}

// All returns the scheduler's job table.
func All(p Params) []Job {
	return []Job{
		{Name: "recurring-sweep", Every: p.Cfg.Scheduler.RecurringEvery, Run: recurringSweep(p)},
		{Name: "outbox-relay", Every: p.Cfg.Scheduler.OutboxEvery, Run: outboxRelay(p)},
		{Name: "payout-sweep", Every: p.Cfg.Scheduler.PayoutEvery, Tracked: true, Run: payoutSweep(p)},
		{Name: "giftaid-batch", Every: p.Cfg.Scheduler.GiftAidEvery, Tracked: true, Run: giftAidBatch(p)},
	}
}

// recurringSweep publishes a charge_due message for every plan whose next
// charge date has passed. The message id is the (plan, period) pair.
func recurringSweep(p Params) func(context.Context, time.Time) error {
	return func(ctx context.Context, tick time.Time) error {
		due, err := p.Plans.ListDue(ctx, tick, 500)
		if err != nil {
			return err
		}
		for _, plan := range due {
			period := idgen.Period(plan.NextChargeAt)
			msgID := idgen.Derive("charge", plan.ID, period)
			if err := p.Publisher.Publish(ctx, domain.RKRecurringChargeDue, msgID, domain.ChargeDueEvent{
				PlanID: plan.ID,
				Period: period,
			}); err != nil {
				return fmt.Errorf("publish charge for %s: %w", plan.ID, err)
			}
		}
		if len(due) > 0 {
			p.Log.Info("recurring charges queued", zap.Int("count", len(due)))
		}
		return nil
	}
}

// outboxRelay publishes pending outbox rows. Each row is published with its
// own id as the message id and marked published in the same transaction
// that locked it.
func outboxRelay(p Params) func(context.Context, time.Time) error {
	return func(ctx context.Context, _ time.Time) error {
		return p.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			batch, err := p.Outbox.ClaimBatch(ctx, tx, 100)
			if err != nil {
				return err
			}
			for _, m := range batch {
				perr := p.Publisher.Publish(ctx, m.RoutingKey, m.ID, m.Payload)
				attempt := &domain.OutboxAttempt{ID: idgen.UUID(), OutboxID: m.ID}
				if perr != nil {
					msg := perr.Error()
					attempt.Error = &msg
				}
				if err := p.Outbox.RecordAttempt(ctx, p.DB, attempt); err != nil {
					p.Log.Warn("record outbox attempt", zap.Error(err))
				}
				if perr != nil {
					return perr
				}
				if err := p.Outbox.MarkPublished(ctx, tx, m.ID, time.Now().UTC()); err != nil {
					return err
				}
			}
			return nil
		})
	}
}

// payoutSweep queues the monthly automatic payouts on the 1st.
func payoutSweep(p Params) func(context.Context, time.Time) error {
	return func(ctx context.Context, tick time.Time) error {
		if tick.Day() != 1 {
			return nil
		}
		n, err := p.Payouts.Sweep(ctx, tick, p.Cfg.Scheduler.MinPayoutPence)
		if err != nil {
			return err
		}
		p.Log.Info("payout sweep", zap.Int("queued", n))
		return nil
	}
}

// giftAidBatch builds last month's claim on the 1st.
func giftAidBatch(p Params) func(context.Context, time.Time) error {
	return func(ctx context.Context, tick time.Time) error {
		if tick.Day() != 1 {
			return nil
		}
		_, err := p.GiftAid.BuildMonthlyBatch(ctx, tick.AddDate(0, -1, 0))
		return err
	}
}
