// Package legacybus consumes the one topic still produced by the old
// monolith's Kafka cluster, using IBM/sarama.
package legacybus

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/IBM/sarama"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
)

// Handler processes one legacy message. A non-nil error stops the claim
// without marking the message; the session is then torn down and the
// partition is re-consumed from the last marked offset.
type Handler interface {
	Topic() string
	Handle(ctx context.Context, msg *sarama.ConsumerMessage) error
}

// Consumer runs a sarama consumer group for a single handler.
type Consumer struct {
	group   sarama.ConsumerGroup
	handler Handler
	log     *zap.Logger
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// NewConsumer builds the sarama consumer group.
func NewConsumer(cfg config.Config, h Handler, log *zap.Logger, lc fx.Lifecycle) (*Consumer, error) {
	sc := sarama.NewConfig()
	sc.Version = sarama.V2_8_0_0
	sc.Consumer.Offsets.Initial = sarama.OffsetOldest
	sc.Consumer.Offsets.AutoCommit.Enable = true
	sc.Consumer.Offsets.AutoCommit.Interval = time.Second
	sc.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{sarama.NewBalanceStrategyRoundRobin()}
	sc.Consumer.Return.Errors = true

	group, err := sarama.NewConsumerGroup(cfg.LegacyBrokers, cfg.LegacyGroupID, sc)
	if err != nil {
		return nil, err
	}
	c := &Consumer{group: group, handler: h, log: log}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { c.start(); return nil },
		OnStop: func(context.Context) error {
			c.cancel()
			c.wg.Wait()
			return group.Close()
		},
	})
	return c, nil
}

func (c *Consumer) start() {
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	c.wg.Add(2)
	go func() {
		defer c.wg.Done()
		for err := range c.group.Errors() {
			c.log.Warn("legacy consumer error", zap.Error(err))
		}
	}()
	go func() {
		defer c.wg.Done()
		for ctx.Err() == nil {
			if err := c.group.Consume(ctx, []string{c.handler.Topic()}, &groupHandler{h: c.handler, log: c.log}); err != nil {
				if errors.Is(err, sarama.ErrClosedConsumerGroup) {
					return
				}
				c.log.Warn("legacy consume loop ended", zap.Error(err))
				time.Sleep(2 * time.Second)
			}
		}
	}()
}

type groupHandler struct {
	h   Handler
	log *zap.Logger
}

func (g *groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (g *groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (g *groupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := g.h.Handle(sess.Context(), msg); err != nil {
				g.log.Warn("legacy handler failed; abandoning claim",
					zap.String("topic", msg.Topic), zap.Int32("partition", msg.Partition), zap.Int64("offset", msg.Offset), zap.Error(err))
				return err
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}
