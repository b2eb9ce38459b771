// Package consumer reads domain events from Kafka with franz-go and hands
// each record to the handler registered for its topic.
//
// Offsets are committed only after every record of a poll has been handled,
// so delivery is at-least-once: a crash, a failed commit or a rebalance
// redelivers records that were already processed.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/pawsure/premiums/internal/retry"
)

// Handler processes one record. Returning an error stops the consumer so the
// record is redelivered after restart.
type Handler func(ctx context.Context, rec *kgo.Record) error

type Consumer struct {
	cl       *kgo.Client
	handlers map[string]Handler
	log      *slog.Logger
	policy   retry.Policy
}

func New(brokers []string, group string, handlers map[string]Handler, log *slog.Logger) (*Consumer, error) {
	topics := make([]string, 0, len(handlers))
	for t := range handlers {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka client: %w", err)
	}
	return &Consumer{cl: cl, handlers: handlers, log: log, policy: retry.Background}, nil
}

// Run polls until ctx is cancelled or a record cannot be processed.
func (c *Consumer) Run(ctx context.Context) error {
	defer c.cl.Close()
	for {
		fetches := c.cl.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return ctx.Err()
		}
		fetches.EachError(func(topic string, partition int32, err error) {
			c.log.Error("fetch error", "topic", topic, "partition", partition, "err", err)
		})

		var procErr error
		fetches.EachRecord(func(rec *kgo.Record) {
			if procErr != nil {
				return
			}
			procErr = c.dispatch(ctx, rec)
		})
		if procErr != nil {
			c.cl.AllowRebalance()
			return procErr
		}
		if err := c.cl.CommitUncommittedOffsets(ctx); err != nil {
			c.log.Warn("offset commit failed; records will be redelivered", "err", err)
		}
		c.cl.AllowRebalance()
	}
}

func (c *Consumer) dispatch(ctx context.Context, rec *kgo.Record) error {
	h, ok := c.handlers[rec.Topic]
	if !ok {
		return nil
	}
	err := retry.Do(ctx, c.policy, func() error {
		err := h(ctx, rec)
		if errors.Is(err, ErrSkip) {
			return nil
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("%s[%d]@%d: %w", rec.Topic, rec.Partition, rec.Offset, err)
	}
	return nil
}

// ErrSkip tells the consumer to drop a record (e.g. undecodable payload).
var ErrSkip = errors.New("consumer: skip record")
