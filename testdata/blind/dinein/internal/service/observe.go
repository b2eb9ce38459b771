package service

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/dinein/platform/internal/obs"
)

// observer is embedded by the logging/metrics decorators.
type observer struct {
	service string
	log     *zap.Logger
	metrics *obs.Metrics
}

func newObserver(service string, log *zap.Logger, m *obs.Metrics) observer {
	return observer{service: service, log: log.Named(service), metrics: m}
}

// observe runs fn and records its duration, outcome and a log line.
func observe[T any](ctx context.Context, o observer, op string, fn func(context.Context) (T, error), fields ...zap.Field) (T, error) {
	start := time.Now()
	v, err := fn(ctx)
	o.metrics.ObserveOp(o.service, op, start, err)
	fields = append(fields, zap.String("op", op), zap.Duration("took", time.Since(start)))
	if err != nil {
		o.log.Warn("operation failed", append(fields, zap.Error(err))...)
	} else {
		o.log.Debug("operation ok", fields...)
	}
	return v, err
}

// observeErr is observe for operations without a value.
func observeErr(ctx context.Context, o observer, op string, fn func(context.Context) error, fields ...zap.Field) error {
	_, err := observe(ctx, o, op, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, fn(ctx)
	}, fields...)
	return err
}
