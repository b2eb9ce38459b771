// Package worker maps asynq task types to service calls.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/access"
	"github.com/baywarden/storagedesk/internal/service/billing"
	"github.com/baywarden/storagedesk/internal/service/notify"
)

// Auctions is the auction work done in the background.
type Auctions interface {
	SendNotice(ctx context.Context, auctionID, kind string) error
	Disburse(ctx context.Context, auctionID string) error
}

// Insurance is the enrollment done after move-in.
type Insurance interface {
	Enroll(ctx context.Context, rentalID, planCode string) error
}

// Handlers holds the services the task handlers call.
type Handlers struct {
	Billing   billing.Service
	Access    access.Service
	Notify    notify.Service
	Auctions  Auctions
	Insurance Insurance
	Location  *time.Location
	Metrics   *metrics.Metrics
	Log       *slog.Logger
}

// Mux registers every task type.
func (h *Handlers) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(h.observe)
	for taskType, fn := range h.routes() {
		mux.HandleFunc(taskType, fn)
	}
	return mux
}

func (h *Handlers) routes() map[string]func(context.Context, *asynq.Task) error {
	return map[string]func(context.Context, *asynq.Task) error{
		queue.TypeMonthlyRun:       h.monthlyRun,
		queue.TypeAutopay:          h.autopay,
		queue.TypeDelinquencySweep: h.sweep,
		queue.TypeOverlock:         h.overlock,
		queue.TypePushCode:         h.pushCode,
		queue.TypeNotify:           h.notify,
		queue.TypeAuctionNotice:    h.auctionNotice,
		queue.TypeAuctionDisburse:  h.auctionDisburse,
		queue.TypeInsuranceEnroll:  h.enroll,
	}
}

func (h *Handlers) observe(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		start := time.Now()
		err := next.ProcessTask(ctx, t)
		outcome := "ok"
		switch {
		case errors.Is(err, asynq.SkipRetry):
			outcome = "dropped"
		case err != nil:
			outcome = "error"
		}
		h.Metrics.Tasks.WithLabelValues(t.Type(), outcome).Inc()
		id, _ := asynq.GetTaskID(ctx)
		retried, _ := asynq.GetRetryCount(ctx)
		log := h.Log.With("task", t.Type(), "task_id", id, "retry", retried, "dur_ms", time.Since(start).Milliseconds())
		if err != nil {
			log.ErrorContext(ctx, "task failed", "err", err)
		} else {
			log.DebugContext(ctx, "task done")
		}
		return err
	})
}

func (h *Handlers) monthlyRun(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.MonthlyRunPayload](t)
	if err != nil {
		return err
	}
	period := domain.Period(p.Period)
	if period == "" {
		period = domain.PeriodOf(time.Now().In(h.Location))
	}
	_, err = h.Billing.RunMonthly(ctx, period)
	return err
}

func (h *Handlers) autopay(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.AutopayPayload](t)
	if err != nil {
		return err
	}
	err = h.Billing.ChargeAutopay(ctx, p.InvoiceID)
	if errors.Is(err, domain.ErrNoPaymentCard) {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}
	return err
}

func (h *Handlers) sweep(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.SweepPayload](t)
	if err != nil {
		return err
	}
	asOf := time.Now().In(h.Location)
	if p.AsOf != "" {
		if asOf, err = time.ParseInLocation(time.DateOnly, p.AsOf, h.Location); err != nil {
			return fmt.Errorf("as_of: %v: %w", err, asynq.SkipRetry)
		}
	}
	_, err = h.Billing.SweepDelinquent(ctx, asOf)
	return err
}

func (h *Handlers) overlock(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.OverlockPayload](t)
	if err != nil {
		return err
	}
	return h.Access.OverlockDelinquent(ctx, p.RentalID, p.InvoiceID)
}

func (h *Handlers) pushCode(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.PushCodePayload](t)
	if err != nil {
		return err
	}
	return h.Access.PushCode(ctx, p.RentalID, p.Version)
}

func (h *Handlers) notify(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.NotifyPayload](t)
	if err != nil {
		return err
	}
	return h.Notify.Deliver(ctx, notify.Notice{
		Key:       p.Key,
		RentalID:  p.RentalID,
		Template:  p.Template,
		Recipient: p.Recipient,
		Vars:      p.Vars,
	})
}

func (h *Handlers) auctionNotice(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.AuctionNoticePayload](t)
	if err != nil {
		return err
	}
	return h.Auctions.SendNotice(ctx, p.AuctionID, p.Kind)
}

func (h *Handlers) auctionDisburse(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.AuctionDisbursePayload](t)
	if err != nil {
		return err
	}
	return h.Auctions.Disburse(ctx, p.AuctionID)
}

func (h *Handlers) enroll(ctx context.Context, t *asynq.Task) error {
	p, err := queue.Decode[queue.EnrollPayload](t)
	if err != nil {
		return err
	}
	return h.Insurance.Enroll(ctx, p.RentalID, p.PlanCode)
}
