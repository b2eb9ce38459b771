package grpcapi

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/obs"
	"github.com/pantryco/fulfilment/internal/service/ordering"
	"github.com/pantryco/fulfilment/internal/service/payments"
)

// instrument runs fn with a fresh trace id, timing and an outcome counter.
func instrument(ctx context.Context, log *slog.Logger, m obs.Metrics, op string, fn func(ctx context.Context) error) error {
	traceID := ids.RequestID()
	ctx = obs.WithTraceID(ctx, traceID)
	start := time.Now()
	err := fn(ctx)
	m.ObserveDuration("grpc_service_duration", time.Since(start), op)
	if err != nil {
		m.Inc("grpc_service_error", op)
		log.WarnContext(ctx, "service call failed", "op", op, "trace_id", traceID, "err", err)
		return err
	}
	m.Inc("grpc_service_ok", op)
	log.DebugContext(ctx, "service call", "op", op, "trace_id", traceID, "took", time.Since(start))
	return nil
}

// LoggingOrders decorates ordering.Service with logs and metrics.
type LoggingOrders struct {
	next    ordering.Service
	log     *slog.Logger
	metrics obs.Metrics
}

// NewLoggingOrders wraps next.
func NewLoggingOrders(next ordering.Service, log *slog.Logger, m obs.Metrics) ordering.Service {
	return &LoggingOrders{next: next, log: log.With("component", "ordering"), metrics: m}
}

func (d *LoggingOrders) PlaceOrder(ctx context.Context, in ordering.PlaceOrderInput) (out domain.Order, err error) {
	err = instrument(ctx, d.log, d.metrics, "PlaceOrder", func(ctx context.Context) error {
		out, err = d.next.PlaceOrder(ctx, in)
		return err
	})
	return out, err
}

func (d *LoggingOrders) GetOrder(ctx context.Context, id uuid.UUID) (out domain.Order, err error) {
	err = instrument(ctx, d.log, d.metrics, "GetOrder", func(ctx context.Context) error {
		out, err = d.next.GetOrder(ctx, id)
		return err
	})
	return out, err
}

func (d *LoggingOrders) CancelOrder(ctx context.Context, id uuid.UUID, reason string) error {
	return instrument(ctx, d.log, d.metrics, "CancelOrder", func(ctx context.Context) error {
		return d.next.CancelOrder(ctx, id, reason)
	})
}

func (d *LoggingOrders) Reschedule(ctx context.Context, id uuid.UUID, slotID int64) (out domain.Order, err error) {
	err = instrument(ctx, d.log, d.metrics, "Reschedule", func(ctx context.Context) error {
		out, err = d.next.Reschedule(ctx, id, slotID)
		return err
	})
	return out, err
}

func (d *LoggingOrders) ApplyPromo(ctx context.Context, id uuid.UUID, code string) (out domain.Order, err error) {
	err = instrument(ctx, d.log, d.metrics, "ApplyPromo", func(ctx context.Context) error {
		out, err = d.next.ApplyPromo(ctx, id, code)
		return err
	})
	return out, err
}

// LoggingPayments decorates payments.Service with logs and metrics.
type LoggingPayments struct {
	next    payments.Service
	log     *slog.Logger
	metrics obs.Metrics
}

// NewLoggingPayments wraps next.
func NewLoggingPayments(next payments.Service, log *slog.Logger, m obs.Metrics) payments.Service {
	return &LoggingPayments{next: next, log: log.With("component", "payments"), metrics: m}
}

func (d *LoggingPayments) Authorize(ctx context.Context, orderID uuid.UUID, pm string) (out domain.Payment, err error) {
	err = instrument(ctx, d.log, d.metrics, "Authorize", func(ctx context.Context) error {
		out, err = d.next.Authorize(ctx, orderID, pm)
		return err
	})
	return out, err
}

func (d *LoggingPayments) Capture(ctx context.Context, orderID uuid.UUID) error {
	return instrument(ctx, d.log, d.metrics, "Capture", func(ctx context.Context) error {
		return d.next.Capture(ctx, orderID)
	})
}

func (d *LoggingPayments) Refund(ctx context.Context, orderID uuid.UUID, reason string, amount int64) error {
	return instrument(ctx, d.log, d.metrics, "Refund", func(ctx context.Context) error {
		return d.next.Refund(ctx, orderID, reason, amount)
	})
}
