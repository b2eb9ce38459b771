package kafka

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Handler processes one event. Returning an error leaves the offset
// uncommitted; the record is retried in-process and, if the worker dies,
// redelivered to whichever member of the group picks up the partition.
type Handler func(ctx context.Context, rec *kgo.Record, evt Event) error

// Route binds a handler to a topic and, optionally, an event type.
type Route struct {
	Topic     string
	EventType string // empty matches every type on the topic
	Handler   Handler
}

// Consumer runs a consumer group over a static routing table.
type Consumer struct {
	cl     *kgo.Client
	routes map[string][]Route
	log    *slog.Logger
}

// NewConsumer builds a group consumer for the topics named in routes.
func NewConsumer(brokers []string, group string, routes []Route, log *slog.Logger) (*Consumer, error) {
	byTopic := map[string][]Route{}
	var topics []string
	for _, r := range routes {
		if _, ok := byTopic[r.Topic]; !ok {
			topics = append(topics, r.Topic)
		}
		byTopic[r.Topic] = append(byTopic[r.Topic], r)
	}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.FetchMaxWait(2*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka consumer: %w", err)
	}
	return &Consumer{cl: cl, routes: byTopic, log: log}, nil
}

// Run polls until ctx is cancelled. Records are handled in partition order
// and committed after their handler succeeds.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.cl.Close()
	for {
		fetches := c.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		fetches.EachError(func(topic string, p int32, err error) {
			c.log.Error("kafka fetch error", "topic", topic, "partition", p, "err", err)
		})
		var done []*kgo.Record
		var stop error
		fetches.EachRecord(func(rec *kgo.Record) {
			if stop != nil {
				return
			}
			if err := c.dispatch(ctx, rec); err != nil {
				stop = err
				return
			}
			done = append(done, rec)
		})
		if len(done) > 0 {
			if err := c.cl.CommitRecords(ctx, done...); err != nil {
				c.log.Error("kafka commit failed", "err", err)
			}
		}
		c.cl.AllowRebalance()
		if stop != nil {
			// A handler gave up after its retries. Exit so the group
			// rebalances and the record is delivered again from the last
			// committed offset.
			return stop
		}
	}
}

func (c *Consumer) dispatch(ctx context.Context, rec *kgo.Record) error {
	evt := Decode(rec)
	var h Handler
	for _, r := range c.routes[rec.Topic] {
		if r.EventType == "" || r.EventType == evt.Type {
			h = r.Handler
			break
		}
	}
	if h == nil {
		return nil
	}
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5), ctx)
	err := backoff.RetryNotify(func() error {
		err := h(ctx, rec, evt)
		var perm *PermanentError
		if errors.As(err, &perm) {
			return backoff.Permanent(err)
		}
		return err
	}, b, func(err error, d time.Duration) {
		c.log.Warn("event handler failed, retrying", "topic", rec.Topic, "type", evt.Type, "event_id", evt.ID, "in", d, "err", err)
	})
	var perm *PermanentError
	if errors.As(err, &perm) {
		c.log.Error("dropping unprocessable event", "topic", rec.Topic, "type", evt.Type, "event_id", evt.ID, "err", err)
		return nil
	}
	return err
}

// PermanentError marks an event that can never be processed (bad payload,
// unknown member). It is logged and skipped.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent wraps err as a PermanentError.
func Permanent(err error) error { return &PermanentError{Err: err} }
