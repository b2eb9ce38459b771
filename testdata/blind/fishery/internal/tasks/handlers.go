package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

// Workers groups the task handlers run by registry-worker.
type Workers struct {
	Invoicing     ports.InvoicingService
	Certificates  ports.CertificateService
	Notifications ports.NotificationService
	Log           *slog.Logger
}

func NewWorkers(inv ports.InvoicingService, certs ports.CertificateService, notes ports.NotificationService, log *slog.Logger) *Workers {
	return &Workers{Invoicing: inv, Certificates: certs, Notifications: notes, Log: log}
}

// decode adapts a typed handler to asynq. Malformed payloads are not
// retried.
func decode[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
		}
		return fn(ctx, p)
	}
}

func (w *Workers) landingFee(ctx context.Context, p LandingFeePayload) error {
	return w.Invoicing.CreateLandingFee(ctx, p.LandingID)
}

func (w *Workers) chargeInvoice(ctx context.Context, p InvoiceChargePayload) error {
	return w.Invoicing.Charge(ctx, p.InvoiceID)
}

func (w *Workers) submitCertificate(ctx context.Context, p CertificateSubmitPayload) error {
	return w.Certificates.Submit(ctx, p.CertificateID)
}

func (w *Workers) notify(ctx context.Context, m NotifyPayload) error {
	id, _ := asynq.GetTaskID(ctx)
	return w.Notifications.Deliver(ctx, id, m)
}

// Mux registers every task type.
func (w *Workers) Mux() *asynq.ServeMux {
	routes := map[string]asynq.Handler{
		TypeLandingFee:        decode(w.landingFee),
		TypeInvoiceCharge:     decode(w.chargeInvoice),
		TypeCertificateSubmit: decode(w.submitCertificate),
		TypeNotify:            decode(w.notify),
	}
	mux := asynq.NewServeMux()
	mux.Use(w.logging)
	for pattern, h := range routes {
		mux.Handle(pattern, h)
	}
	return mux
}

func (w *Workers) logging(next asynq.Handler) asynq.Handler {
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		id, _ := asynq.GetTaskID(ctx)
		retried, _ := asynq.GetRetryCount(ctx)
		err := next.ProcessTask(ctx, t)
		if err != nil {
			w.Log.Warn("task failed", "type", t.Type(), "id", id, "retry", retried, "err", err)
		}
		return err
	})
}

// NewServer builds the asynq server with the registry's queue weights.
func NewServer(cfg config.Redis, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(RedisOpt(cfg), asynq.Config{
		Concurrency: 16,
		Queues: map[string]int{
			QueueBilling:  6,
			QueueExports:  3,
			QueueMessages: 2,
			"default":     1,
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			log.Error("task exhausted or errored", "type", t.Type(), "err", err)
		}),
	})
}
