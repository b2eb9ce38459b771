// Package worker maps asynq task types onto the services that perform them.
package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/service/commissions"
	"github.com/globetrek/esim-platform/internal/service/orders"
	"github.com/globetrek/esim-platform/internal/service/provisioning"
	"github.com/globetrek/esim-platform/internal/service/refunds"
	"github.com/globetrek/esim-platform/internal/service/topups"
	"github.com/globetrek/esim-platform/internal/service/usage"
	"github.com/globetrek/esim-platform/internal/tasks"
)

// Deps are the services the task handlers call.
type Deps struct {
	Orders       *orders.Service
	Provisioning *provisioning.Service
	TopUps       *topups.Service
	Refunds      *refunds.Service
	Commissions  *commissions.Service
	Usage        *usage.Service
	Log          *slog.Logger
}

// handle adapts a typed payload handler to asynq. Undecodable payloads are
// not retried.
func handle[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("decode %s payload: %v: %w", t.Type(), err, asynq.SkipRetry)
			}
		}
		return fn(ctx, p)
	}
}

// Routes returns the handler of every task type.
func Routes(d Deps) map[string]asynq.Handler {
	return map[string]asynq.Handler{
		tasks.TypeOrderCharge: handle(func(ctx context.Context, p tasks.OrderPayload) error {
			return d.Orders.Charge(ctx, p.OrderID)
		}),
		tasks.TypeOrderCapture: handle(func(ctx context.Context, p tasks.OrderPayload) error {
			return d.Orders.Capture(ctx, p.OrderID)
		}),
		tasks.TypeEsimReserve: handle(func(ctx context.Context, p tasks.OrderPayload) error {
			return d.Provisioning.Reserve(ctx, p.OrderID)
		}),
		tasks.TypeEsimActivate: handle(func(ctx context.Context, p tasks.EsimPayload) error {
			return d.Provisioning.Activate(ctx, p.EsimID)
		}),
		tasks.TypeProfileReady: handle(func(ctx context.Context, p tasks.EsimPayload) error {
			return d.Provisioning.NotifyReady(ctx, p.EsimID)
		}),
		tasks.TypeTopUpCharge: handle(func(ctx context.Context, p tasks.TopUpPayload) error {
			return d.TopUps.Charge(ctx, p.TopUpID)
		}),
		tasks.TypeTopUpApply: handle(func(ctx context.Context, p tasks.TopUpPayload) error {
			return d.TopUps.Apply(ctx, p.TopUpID)
		}),
		tasks.TypeUsageAlert: handle(func(ctx context.Context, p tasks.UsageAlertPayload) error {
			return d.Usage.SendAlert(ctx, p.EsimID, p.Percent)
		}),
		tasks.TypeRefundProcess: handle(func(ctx context.Context, p tasks.RefundPayload) error {
			return d.Refunds.Process(ctx, p.RefundID)
		}),
		tasks.TypeCommissionAccrue: handle(func(ctx context.Context, p tasks.OrderPayload) error {
			return d.Commissions.Accrue(ctx, p.OrderID)
		}),
		tasks.TypeExpireSweep: handle(func(ctx context.Context, _ struct{}) error {
			n, err := d.Provisioning.ExpireDue(ctx)
			d.Log.InfoContext(ctx, "expiry sweep", "expired", n)
			return err
		}),
		tasks.TypeUsagePoll: handle(func(ctx context.Context, p tasks.PollPayload) error {
			return d.Usage.PollCarrier(ctx, p.Carrier)
		}),
	}
}

// NewMux builds the asynq mux with logging.
func NewMux(d Deps) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logging(d.Log))
	for typ, h := range Routes(d) {
		mux.Handle(typ, h)
	}
	return mux
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			attrs := []any{"type", t.Type(), "task_id", id, "retry", retry, "duration", time.Since(start)}
			if err != nil {
				log.WarnContext(ctx, "task failed", append(attrs, "err", err)...)
				return err
			}
			log.InfoContext(ctx, "task done", attrs...)
			return nil
		})
	}
}
