// Package decorators wraps service ports with logging and metrics.
package decorators

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/platform/logging"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type observer struct {
	service string
	log     *zap.Logger
	metrics *metrics.Metrics
}

func newObserver(service string, log *zap.Logger, m *metrics.Metrics) observer {
	return observer{service: service, log: log.Named(service), metrics: m}
}

// call runs fn, logging failures and recording latency and outcome.
func call[T any](ctx context.Context, o observer, method string, fn func() (T, error), fields ...zap.Field) (T, error) {
	start := time.Now()
	out, err := fn()
	o.metrics.Observe(o.service, method, start, err)
	l := logging.From(ctx, o.log).With(zap.String("method", method), zap.Duration("took", time.Since(start)))
	if err != nil {
		l.Warn("service call failed", append(fields, zap.Error(err))...)
	} else {
		l.Debug("service call", fields...)
	}
	return out, err
}

// call0 is call for methods that return only an error.
func call0(ctx context.Context, o observer, method string, fn func() error, fields ...zap.Field) error {
	_, err := call(ctx, o, method, func() (struct{}, error) { return struct{}{}, fn() }, fields...)
	return err
}
