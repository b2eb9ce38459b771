package kafkax

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

// Route binds a topic to its handler.
type Route struct {
	Topic   string
	Handler HandlerFunc
}

type Runner struct {
	brokers []string
	group   string
	log     *slog.Logger
	routes  []Route

	// MaxAttempts bounds in-process retries before the runner stops the
	// partition reader; the uncommitted message is redelivered after restart
	// or rebalance.
	MaxAttempts int
	Backoff     time.Duration
}

func NewRunner(brokers []string, group string, log *slog.Logger, routes []Route) *Runner {
	return &Runner{brokers: brokers, group: group, log: log, routes: routes, MaxAttempts: 5, Backoff: 2 * time.Second}
}

func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(r.routes))
	for _, rt := range r.routes {
		wg.Add(1)
		go func(rt Route) {
			defer wg.Done()
			if err := r.consume(ctx, rt); err != nil && !errors.Is(err, context.Canceled) {
				errs <- err
			}
		}(rt)
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func (r *Runner) consume(ctx context.Context, rt Route) error {
	reader := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        r.brokers,
		GroupID:        r.group + "." + rt.Topic,
		Topic:          rt.Topic,
		MinBytes:       1,
		MaxBytes:       4 << 20,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	defer reader.Close()
	log := r.log.With("topic", rt.Topic)
	for {
		msg, err := reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := r.dispatch(ctx, log, rt.Handler, msg); err != nil {
			return err
		}
		if err := reader.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

func (r *Runner) dispatch(ctx context.Context, log *slog.Logger, h HandlerFunc, msg kafka.Message) error {
	var err error
	for attempt := 1; attempt <= r.MaxAttempts; attempt++ {
		err = h(ctx, msg)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrPoison) {
			log.Error("dropping poison message", "offset", msg.Offset, "err", err)
			return nil
		}
		log.Warn("handler failed", "offset", msg.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.Backoff * time.Duration(attempt)):
		}
	}
	return err
}
