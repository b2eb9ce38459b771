// Package cqrs provides the command handler abstraction used by the
// application layer, and the decorators every handler is wrapped in.
package cqrs

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
)

// CommandHandler handles a single command type.
type CommandHandler[C any] interface {
	Handle(ctx context.Context, cmd C) error
}

// HandlerFunc adapts a function to CommandHandler.
type HandlerFunc[C any] func(ctx context.Context, cmd C) error

func (f HandlerFunc[C]) Handle(ctx context.Context, cmd C) error { return f(ctx, cmd) }

// Result is filled in by handlers that create a resource so the transport
// layer can report it back to the caller.
type Result struct {
	ID       string
	Status   string
	Replayed bool
	Extra    map[string]string
}

func (r *Result) Set(id, status string) {
	if r == nil {
		return
	}
	r.ID = id
	r.Status = status
}

func commandName[C any]() string {
	var zero C
	name := fmt.Sprintf("%T", zero)
	name = strings.TrimPrefix(name, "*")
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return name
}

type loggingDecorator[C any] struct {
	base   CommandHandler[C]
	logger *zap.Logger
}

func (d loggingDecorator[C]) Handle(ctx context.Context, cmd C) (err error) {
	name := commandName[C]()
	log := d.logger.With(zap.String("command", name))
	log.Debug("executing command", zap.Any("payload", cmd))
	defer func() {
		if err != nil {
			log.Warn("command failed", zap.Error(err))
			return
		}
		log.Info("command executed")
	}()
	return d.base.Handle(ctx, cmd)
}

type metricsDecorator[C any] struct {
	base    CommandHandler[C]
	metrics *metrics.Registry
}

func (d metricsDecorator[C]) Handle(ctx context.Context, cmd C) error {
	name := commandName[C]()
	start := time.Now()
	err := d.base.Handle(ctx, cmd)
	d.metrics.CommandDuration.WithLabelValues(name).Observe(time.Since(start).Seconds())
	if err != nil {
		d.metrics.CommandErrors.WithLabelValues(name).Inc()
	}
	return err
}

// Decorate wraps a handler in the standard logging and metrics decorators.
func Decorate[C any](h CommandHandler[C], logger *zap.Logger, m *metrics.Registry) CommandHandler[C] {
	return loggingDecorator[C]{
		base:   metricsDecorator[C]{base: h, metrics: m},
		logger: logger,
	}
}
