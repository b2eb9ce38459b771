package kafka

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/oklog/ulid/v2"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Consumer polls a consumer group and dispatches to a Router.
type Consumer struct {
	cl     *kgo.Client
	router *Router
	policy func() backoff.BackOff
}

// Config configures a Consumer.
type Config struct {
	Brokers  []string
	Group    string
	ClientID string
}

func NewConsumer(cfg Config, router *Router) (*Consumer, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(cfg.Brokers...),
		kgo.ClientID(cfg.ClientID),
		kgo.ConsumerGroup(cfg.Group),
		kgo.ConsumeTopics(router.Topics()...),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.FetchMaxWait(2*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	return &Consumer{
		cl:     cl,
		router: router,
		policy: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 100 * time.Millisecond
			b.MaxInterval = 5 * time.Second
			return b
		},
	}, nil
}

// Run polls until ctx is cancelled. Offsets are committed per poll for the
// records that were handled (or dead-lettered).
func (c *Consumer) Run(ctx context.Context) error {
	defer c.cl.Close()
	for {
		fetches := c.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || errors.Is(ctx.Err(), context.Canceled) {
			return nil
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			slog.ErrorContext(ctx, "kafka fetch error", "topic", topic, "partition", partition, "err", err)
		})

		var handled []*kgo.Record
		var stop error
		fetches.EachRecord(func(rec *kgo.Record) {
			if stop != nil {
				return
			}
			if err := c.dispatch(ctx, rec); err != nil {
				stop = err
				return
			}
			handled = append(handled, rec)
		})
		if len(handled) > 0 {
			if err := c.cl.CommitRecords(ctx, handled...); err != nil {
				slog.ErrorContext(ctx, "kafka commit failed", "err", err)
			}
		}
		c.cl.AllowRebalance()
		if stop != nil {
			return stop
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, rec *kgo.Record) error {
	rt, ok := c.router.lookup(rec.Topic)
	if !ok {
		return nil
	}
	traceID := ulid.Make().String()
	log := slog.With("topic", rec.Topic, "partition", rec.Partition, "offset", rec.Offset, "trace_id", traceID)

	attempt := 0
	op := func() error {
		attempt++
		actx, cancel := context.WithTimeout(ctx, rt.timeout)
		defer cancel()
		err := rt.handler(actx, rec)
		if err != nil {
			log.WarnContext(ctx, "handler failed", "attempt", attempt, "err", err)
		}
		return err
	}
	b := backoff.WithContext(backoff.WithMaxRetries(c.policy(), rt.maxAttempts-1), ctx)
	err := backoff.Retry(op, b)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	log.ErrorContext(ctx, "dead-lettering record", "attempts", attempt, "err", err)
	dead := &kgo.Record{
		Topic: rt.dlq,
		Key:   rec.Key,
		Value: rec.Value,
		Headers: append(rec.Headers,
			kgo.RecordHeader{Key: "x-error", Value: []byte(err.Error())},
			kgo.RecordHeader{Key: "x-source-topic", Value: []byte(rec.Topic)},
		),
	}
	if perr := c.cl.ProduceSync(ctx, dead).FirstErr(); perr != nil {
		return fmt.Errorf("dlq produce: %w", perr)
	}
	return nil
}
