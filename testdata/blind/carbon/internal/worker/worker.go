// Package worker runs the asynq task handlers.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/terravault/carbonreg/internal/service"
	"github.com/terravault/carbonreg/internal/tasks"
)

// Services are the use cases the tasks drive.
type Services struct {
	Certificates service.CertificateService
	Payouts      service.PayoutService
	Registry     service.RegistrySync
	Orders       service.OrderService
	Webhooks     service.WebhookService
}

// typed adapts a handler of a decoded payload to asynq.
func typed[T any](fn func(ctx context.Context, p T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		p, err := tasks.Decode[T](t)
		if err != nil {
			return err
		}
		return classify(fn(ctx, p))
	}
}

// classify stops retries for errors that a retry cannot fix.
func classify(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, service.ErrInvalid) || errors.Is(err, service.ErrNotFound) {
		return fmt.Errorf("%w: %w", err, asynq.SkipRetry)
	}
	return err
}

// NewMux registers every task type.
func NewMux(s Services, log *slog.Logger) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Use(logging(log))

	mux.HandleFunc(tasks.TypeRenderCertificate, typed(func(ctx context.Context, p tasks.RetirementPayload) error {
		return s.Certificates.Render(ctx, p.RetirementID)
	}))
	mux.HandleFunc(tasks.TypeSendPayout, typed(func(ctx context.Context, p tasks.PayoutPayload) error {
		return s.Payouts.Send(ctx, p.PayoutID)
	}))
	mux.HandleFunc(tasks.TypeNotifyRetirement, typed(func(ctx context.Context, p tasks.RetirementPayload) error {
		return s.Registry.SubmitRetirement(ctx, p.RetirementID)
	}))
	mux.HandleFunc(tasks.TypeNotifyTransfer, typed(func(ctx context.Context, p tasks.TransferPayload) error {
		return s.Registry.NotifyTransfer(ctx, p.TransferID)
	}))
	mux.HandleFunc(tasks.TypeExpireOrder, typed(func(ctx context.Context, p tasks.OrderPayload) error {
		return s.Orders.Expire(ctx, p.OrderID)
	}))
	mux.HandleFunc(tasks.TypeDeliverWebhook, typed(deliverWebhook(s.Webhooks)))
	return mux
}

// deliverWebhook uses the asynq task ID as the delivery ID: it is fixed when
// the task is enqueued and is the same on every retry.
func deliverWebhook(svc service.WebhookService) func(context.Context, tasks.WebhookPayload) error {
	return func(ctx context.Context, p tasks.WebhookPayload) error {
		id, ok := asynq.GetTaskID(ctx)
		if !ok {
			return fmt.Errorf("webhook task without ID: %w", asynq.SkipRetry)
		}
		return svc.Deliver(ctx, id, p)
	}
}

func logging(log *slog.Logger) asynq.MiddlewareFunc {
	return func(next asynq.Handler) asynq.Handler {
		return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
			start := time.Now()
			id, _ := asynq.GetTaskID(ctx)
			retry, _ := asynq.GetRetryCount(ctx)
			err := next.ProcessTask(ctx, t)
			log.InfoContext(ctx, "task", "type", t.Type(), "id", id, "retry", retry,
				"duration_ms", time.Since(start).Milliseconds(), "err", err)
			return err
		})
	}
}

// NewServer returns the asynq server with the queue weights used in
// production.
func NewServer(redisAddr string, concurrency int, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(asynq.RedisClientOpt{Addr: redisAddr}, asynq.Config{
		Concurrency: concurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		RetryDelayFunc: asynq.DefaultRetryDelayFunc,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			log.ErrorContext(ctx, "task failed", "type", t.Type(), "err", err)
		}),
		ShutdownTimeout: 20 * time.Second,
	})
}
