// Package consumer runs the Kafka consumer groups that feed play-count
// reports, corrections, catalog changes and label advances into the
// platform. Offsets are committed only after a message has been handled,
// so a crash or rebalance redelivers anything in flight.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/logging"
	"github.com/soundledger/royalties/internal/platform/metrics"
	"github.com/soundledger/royalties/internal/platform/retry"
)

// HandlerFunc handles one message. Returning an error leaves the offset
// uncommitted.
type HandlerFunc func(ctx context.Context, msg kafka.Message) error

// Route binds a topic to its handler.
type Route struct {
	Topic   string
	Handler HandlerFunc
	// Workers is the number of readers in the group for this topic.
	Workers int
}

// Config configures the Runner.
type Config struct {
	Brokers       []string
	GroupPrefix   string
	RetryAttempts int
	RestartDelay  time.Duration
}

// Runner consumes every route until its context is canceled.
type Runner struct {
	cfg    Config
	routes []Route
	log    *slog.Logger
	rec    metrics.Recorder
}

// NewRunner returns a Runner.
func NewRunner(cfg Config, routes []Route, log *slog.Logger, rec metrics.Recorder) *Runner {
	if cfg.RetryAttempts == 0 {
		cfg.RetryAttempts = 3
	}
	if cfg.RestartDelay == 0 {
		cfg.RestartDelay = 5 * time.Second
	}
	return &Runner{cfg: cfg, routes: routes, log: log, rec: rec}
}

// Run blocks until ctx is canceled.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, route := range r.routes {
		n := max(route.Workers, 1)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(route Route) {
				defer wg.Done()
				r.consume(ctx, route)
			}(route)
		}
	}
	wg.Wait()
	return ctx.Err()
}

// consume runs one group member for a route, restarting the reader after a
// message could not be handled so that it is fetched again from the last
// committed offset.
func (r *Runner) consume(ctx context.Context, route Route) {
	log := r.log.With(slog.String("topic", route.Topic))
	for ctx.Err() == nil {
		reader := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        r.cfg.Brokers,
			GroupID:        r.cfg.GroupPrefix + "." + route.Topic,
			Topic:          route.Topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0,
			StartOffset:    kafka.FirstOffset,
		})
		err := r.loop(ctx, reader, route, log)
		_ = reader.Close()
		if err == nil || errors.Is(err, context.Canceled) {
			return
		}
		log.Error("consumer stopped, restarting", slog.Any("err", err), slog.Duration("delay", r.cfg.RestartDelay))
		select {
		case <-ctx.Done():
			return
		case <-time.After(r.cfg.RestartDelay):
		}
	}
}

func (r *Runner) loop(ctx context.Context, reader *kafka.Reader, route Route, log *slog.Logger) error {
	for {
		msg, err := reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		// The trace ID only correlates log lines for this delivery.
		trace := ids.NewULID()
		mctx := logging.Into(ctx, log.With(
			slog.String("trace_id", trace),
			slog.Int("partition", msg.Partition),
			slog.Int64("offset", msg.Offset)))

		start := time.Now()
		err = retry.Run(mctx, func(ctx context.Context) error {
			return route.Handler(ctx, msg)
		}, retry.Attempts(r.cfg.RetryAttempts), retry.If(func(err error) bool { return !isPoison(err) }))
		r.rec.Observe("kafka_handle_seconds", time.Since(start), route.Topic)
		r.rec.Inc("kafka_messages_total", route.Topic, metrics.Outcome(err))

		switch {
		case err == nil:
		case isPoison(err):
			logging.FromContext(mctx).Error("dropping undecodable message", slog.Any("err", err))
		default:
			return fmt.Errorf("handle %s@%d/%d: %w", route.Topic, msg.Partition, msg.Offset, err)
		}
		if err := reader.CommitMessages(ctx, msg); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
}

// poisonError marks a message that can never be handled.
type poisonError struct{ err error }

func (p poisonError) Error() string { return "poison message: " + p.err.Error() }
func (p poisonError) Unwrap() error { return p.err }

func poison(err error) error { return poisonError{err: err} }

func isPoison(err error) bool {
	var p poisonError
	return errors.As(err, &p)
}
