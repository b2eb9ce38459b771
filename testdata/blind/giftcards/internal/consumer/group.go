// Package consumer runs the Kafka consumer groups that ingest events from
// the POS gateway.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
)

// Handler processes one message. Returning an error causes the message to be
// retried in-process and, if it keeps failing, dead-lettered.
type Handler interface {
	Handle(ctx context.Context, m kafka.Message) error
}

type HandlerFunc func(ctx context.Context, m kafka.Message) error

func (f HandlerFunc) Handle(ctx context.Context, m kafka.Message) error { return f(ctx, m) }

// ErrPermanent marks a message that will never succeed (bad payload); it is
// dead-lettered without retrying.
var ErrPermanent = errors.New("permanent failure")

func permanent(err error) error { return fmt.Errorf("%w: %v", ErrPermanent, err) }

// Binding attaches a handler to a topic.
type Binding struct {
	Topic   string
	Handler Handler
}

type Config struct {
	Brokers     []string
	GroupID     string
	MaxAttempts int
	Backoff     time.Duration
}

// Group consumes each bound topic with its own reader in a shared consumer
// group. Offsets are committed after the handler returns.
type Group struct {
	cfg      Config
	bindings []Binding
	dlq      *kafka.Writer
	log      *slog.Logger
}

func NewGroup(cfg Config, log *slog.Logger, bindings ...Binding) *Group {
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 5
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	return &Group{
		cfg:      cfg,
		bindings: bindings,
		log:      log,
		dlq: &kafka.Writer{
			Addr:         kafka.TCP(cfg.Brokers...),
			Balancer:     &kafka.Hash{},
			RequiredAcks: kafka.RequireAll,
		},
	}
}

// Run blocks until ctx is cancelled or a reader fails.
func (g *Group) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		runErr  error
	)
	for _, b := range g.bindings {
		wg.Add(1)
		go func(b Binding) {
			defer wg.Done()
			if err := g.consume(ctx, b); err != nil && !errors.Is(err, context.Canceled) {
				errOnce.Do(func() { runErr = err; cancel() })
			}
		}(b)
	}
	wg.Wait()
	return errors.Join(runErr, g.dlq.Close())
}

func (g *Group) consume(ctx context.Context, b Binding) error {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        g.cfg.Brokers,
		GroupID:        g.cfg.GroupID,
		Topic:          b.Topic,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        time.Second,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
	defer r.Close()
	log := g.log.With("topic", b.Topic)
	log.Info("consumer started", "group", g.cfg.GroupID)

	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return fmt.Errorf("fetch %s: %w", b.Topic, err)
		}
		if err := g.dispatch(ctx, b.Handler, m); err != nil {
			log.Error("dead-lettering message", "partition", m.Partition, "offset", m.Offset, "err", err)
			if dlqErr := g.deadLetter(ctx, m, err); dlqErr != nil {
				return fmt.Errorf("dead-letter %s@%d: %w", b.Topic, m.Offset, dlqErr)
			}
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit %s@%d: %w", b.Topic, m.Offset, err)
		}
	}
}

func (g *Group) dispatch(ctx context.Context, h Handler, m kafka.Message) error {
	var err error
	for attempt := 1; attempt <= g.cfg.MaxAttempts; attempt++ {
		if err = h.Handle(ctx, m); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		g.log.Warn("handler failed; retrying", "topic", m.Topic, "offset", m.Offset, "attempt", attempt, "err", err)
		select {
		case <-time.After(g.cfg.Backoff * time.Duration(attempt)):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return err
}

func (g *Group) deadLetter(ctx context.Context, m kafka.Message, cause error) error {
	headers := append([]kafka.Header{}, m.Headers...)
	headers = append(headers,
		kafka.Header{Key: "x-dlq-error", Value: []byte(cause.Error())},
		kafka.Header{Key: "x-dlq-source-offset", Value: fmt.Appendf(nil, "%s/%d/%d", m.Topic, m.Partition, m.Offset)},
	)
	return g.dlq.WriteMessages(ctx, kafka.Message{
		Topic:   m.Topic + ".dlq",
		Key:     m.Key,
		Value:   m.Value,
		Headers: headers,
	})
}
