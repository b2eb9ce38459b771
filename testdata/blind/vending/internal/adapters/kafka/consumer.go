// Package kafka runs kafka-go consumer groups for telemetry and internal
// topics, and publishes outbox messages.
package kafka

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	kafkago "github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
)

// HandlerFunc processes one message. A returned error makes the consumer
// retry the same message with backoff; offsets are committed only after
// the handler succeeds.
type HandlerFunc func(ctx context.Context, m kafkago.Message) error

// Subscription binds a topic to its handler.
type Subscription struct {
	Topic   string
	Handler HandlerFunc
}

type Consumer struct {
	reader     *kafkago.Reader
	topic      string
	handle     HandlerFunc
	minBackoff time.Duration
	maxBackoff time.Duration
	log        *slog.Logger
}

func NewConsumer(cfg config.Kafka, sub Subscription, log *slog.Logger) *Consumer {
	return &Consumer{
		reader: kafkago.NewReader(kafkago.ReaderConfig{
			Brokers:        cfg.Brokers,
			GroupID:        cfg.GroupID,
			Topic:          sub.Topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        500 * time.Millisecond,
			CommitInterval: 0,
			StartOffset:    kafkago.FirstOffset,
		}),
		topic:      sub.Topic,
		handle:     sub.Handler,
		minBackoff: 200 * time.Millisecond,
		maxBackoff: 30 * time.Second,
		log:        log.With("topic", sub.Topic),
	}
}

// Run fetches, handles and commits until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if err := c.process(ctx, m); err != nil {
			return nil // only returns on shutdown
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			c.log.WarnContext(ctx, "commit failed", "partition", m.Partition, "offset", m.Offset, "err", err)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m kafkago.Message) error {
	delay := c.minBackoff
	for attempt := 1; ; attempt++ {
		err := c.handle(ctx, m)
		if err == nil {
			return nil
		}
		c.log.ErrorContext(ctx, "handler failed",
			"partition", m.Partition, "offset", m.Offset, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, c.maxBackoff)
	}
}

func (c *Consumer) Close() error { return c.reader.Close() }

// RunSubscriptions starts one consumer per subscription for the lifetime of
// the fx app.
func RunSubscriptions(lc fx.Lifecycle, cfg config.Kafka, subs []Subscription, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	consumers := make([]*Consumer, 0, len(subs))
	for _, s := range subs {
		consumers = append(consumers, NewConsumer(cfg, s, log))
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, c := range consumers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := c.Run(ctx); err != nil {
						log.Error("consumer stopped", "topic", c.topic, "err", err)
					}
				}()
			}
			return nil
		},
		OnStop: func(stopCtx context.Context) error {
			cancel()
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-stopCtx.Done():
			}
			var errs []error
			for _, c := range consumers {
				errs = append(errs, c.Close())
			}
			return errors.Join(errs...)
		},
	})
}

// Publisher implements app.Publisher with a kafka-go Writer.
type Publisher struct {
	w *kafkago.Writer
}

func NewPublisher(lc fx.Lifecycle, cfg config.Kafka) *Publisher {
	w := &kafkago.Writer{
		Addr:         kafkago.TCP(cfg.Brokers...),
		Balancer:     &kafkago.Hash{},
		RequiredAcks: kafkago.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
	}
	lc.Append(fx.StopHook(w.Close))
	return &Publisher{w: w}
}

var _ app.Publisher = (*Publisher)(nil)

func (p *Publisher) Publish(ctx context.Context, msgs ...app.BusMessage) error {
	out := make([]kafkago.Message, len(msgs))
	for i, m := range msgs {
		out[i] = kafkago.Message{Topic: m.Topic, Key: []byte(m.Key), Value: m.Payload}
	}
	return p.w.WriteMessages(ctx, out...)
}
