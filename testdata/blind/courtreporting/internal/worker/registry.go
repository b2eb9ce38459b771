// Package worker maps asynq task types to service calls and runs the
// periodic jobs.
package worker

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/queue"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Deps struct {
	fx.In

	Config      config.Config
	Bookings    service.Bookings
	Transcripts service.Transcripts
	Billing     service.Billing
	Payroll     service.Payroll
	Alerts      service.Alerts
	Clock       service.Clock
	Log         *zap.Logger
}

// Route binds one task type to its handler.
type Route struct {
	Type    string
	Handler asynq.HandlerFunc
}

// payloadTask decodes the task payload and hands it to fn.
func payloadTask[P any](fn func(context.Context, P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := queue.Decode[P](t)
		if err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// bookingTask adapts methods that take only a booking ID.
func bookingTask(fn func(context.Context, string) error) asynq.HandlerFunc {
	return payloadTask(func(ctx context.Context, p queue.BookingPayload) error {
		return fn(ctx, p.BookingID)
	})
}

// Routes is the task table. Every task here may run more than once:
// asynq retries on error and re-runs tasks whose worker died mid-flight.
func Routes(d Deps) []Route {
	return []Route{
		{queue.TypeAssignReporter, bookingTask(d.Bookings.AssignReporter)},
		{queue.TypeBookingConfirm, bookingTask(d.Bookings.SendConfirmation)},
		{queue.TypeRushAlert, payloadTask(d.Alerts.SendRushAlert)},
		{queue.TypeDeliverTranscript, payloadTask(d.Transcripts.Deliver)},
		{queue.TypeGenerateInvoice, bookingTask(d.Billing.GenerateInvoice)},
		{queue.TypeAutocharge, payloadTask(func(ctx context.Context, p queue.AutochargePayload) error {
			limit := p.Limit
			if limit <= 0 {
				limit = d.Config.Worker.AutochargeBatch
			}
			sum, err := d.Billing.RunAutocharge(ctx, d.Clock(), limit)
			d.Log.Info("autocharge run", zap.Int("considered", sum.Considered),
				zap.Int("charged", sum.Charged), zap.Int("declined", sum.Declined), zap.Int("failed", sum.Failed))
			return err
		})},
		{queue.TypeClosePayroll, payloadTask(func(ctx context.Context, p queue.PayrollPayload) error {
			_, err := d.Payroll.ClosePeriod(ctx, p.Period)
			return err
		})},
	}
}

// NewMux registers every route with logging around it.
func NewMux(routes []Route, log *zap.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logTasks(log))
	for _, r := range routes {
		mux.Handle(r.Type, r.Handler)
	}
	return mux
}

func logTasks(log *zap.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			fields := []zap.Field{
				zap.String("type", t.Type()), zap.String("task_id", id),
				zap.Int("retry", retry), zap.Duration("elapsed", time.Since(start)),
			}
			if err != nil {
				log.Warn("task failed", append(fields, zap.Error(err))...)
			} else {
				log.Debug("task done", fields...)
			}
			return err
		})
	}
}
