package kafkax

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/carelink/telehealth/internal/platform/retry"
)

// HandlerFunc handles one event.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Middleware decorates a HandlerFunc.
type Middleware func(eventType string, next HandlerFunc) HandlerFunc

// Router dispatches envelopes by type.
type Router struct {
	routes map[string]HandlerFunc
	mw     []Middleware
}

func NewRouter(mw ...Middleware) *Router {
	return &Router{routes: map[string]HandlerFunc{}, mw: mw}
}

// Handle registers h for eventType, wrapped in the router middleware.
func (r *Router) Handle(eventType string, h HandlerFunc) {
	for i := len(r.mw) - 1; i >= 0; i-- {
		h = r.mw[i](eventType, h)
	}
	r.routes[eventType] = h
}

// Dispatch routes env; unknown types are skipped.
func (r *Router) Dispatch(ctx context.Context, env Envelope) error {
	h, ok := r.routes[env.Type]
	if !ok {
		return nil
	}
	return h(ctx, env)
}

// Logging logs each handled event with its outcome and latency.
func Logging(log *slog.Logger) Middleware {
	return func(eventType string, next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			start := time.Now()
			err := next(ctx, env)
			log.Info("event handled", "type", eventType, "id", env.ID, "dur", time.Since(start), "err", err)
			return err
		}
	}
}

// Consumer reads a topic as part of a consumer group and commits each
// message after its handler succeeded or it was dead-lettered.
type Consumer struct {
	reader *kafka.Reader
	dlq    *Publisher
	router *Router
	policy retry.Policy
	log    *slog.Logger
}

// ConsumerConfig configures NewConsumer.
type ConsumerConfig struct {
	Brokers  []string
	Topic    string
	GroupID  string
	DLQTopic string
	Policy   retry.Policy
}

func NewConsumer(cfg ConsumerConfig, router *Router, log *slog.Logger) *Consumer {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.Brokers,
		Topic:          cfg.Topic,
		GroupID:        cfg.GroupID,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
	var dlq *Publisher
	if cfg.DLQTopic != "" {
		dlq = NewPublisher(cfg.Brokers, cfg.DLQTopic)
	}
	return &Consumer{reader: r, dlq: dlq, router: router, policy: cfg.Policy, log: log}
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		if err := c.handle(ctx, m); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit offset %d: %w", m.Offset, err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m kafka.Message) error {
	env, err := FromMessage(m)
	if err != nil {
		c.log.Error("undecodable message", "partition", m.Partition, "offset", m.Offset, "err", err)
		return c.deadLetter(ctx, m, err)
	}
	err = retry.Do(ctx, c.policy, func() error {
		return c.router.Dispatch(ctx, env)
	})
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	c.log.Error("event failed, dead-lettering", "type", env.Type, "id", env.ID, "err", err)
	return c.deadLetter(ctx, m, err)
}

func (c *Consumer) deadLetter(ctx context.Context, m kafka.Message, cause error) error {
	if c.dlq == nil {
		return nil
	}
	m.Headers = append(m.Headers, kafka.Header{Key: "dlq-error", Value: []byte(cause.Error())})
	return c.dlq.Forward(ctx, m)
}

func (c *Consumer) Close() error {
	err := c.reader.Close()
	if c.dlq != nil {
		if derr := c.dlq.Close(); err == nil {
			err = derr
		}
	}
	return err
}
