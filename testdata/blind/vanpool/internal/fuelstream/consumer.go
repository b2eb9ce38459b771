package fuelstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/provider/fuelcard"
)

// maxHandleAttempts bounds in-process retries of one message before the
// consumer stops and lets the group rebalance redeliver it.
const maxHandleAttempts = 8

// Consumer reads the processor's topic with a consumer group and commits each
// message's offset after its handler succeeds.
type Consumer struct {
	reader *kafka.Reader
	reg    *Registry
	log    *slog.Logger

	cancel context.CancelFunc
	done   sync.WaitGroup
}

// NewConsumer builds the kafka-go reader.
func NewConsumer(cfg *config.Config, reg *Registry, log *slog.Logger) *Consumer {
	r := kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.FuelCard.Brokers,
		GroupID:        cfg.FuelCard.GroupID,
		Topic:          cfg.FuelCard.Topic,
		MinBytes:       1,
		MaxBytes:       5 << 20,
		MaxWait:        2 * time.Second,
		CommitInterval: 0, // synchronous commits
		StartOffset:    kafka.FirstOffset,
	})
	return &Consumer{reader: r, reg: reg, log: log.With("component", "fuel-consumer")}
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	fetchBackoff := time.Second
	for {
		msg, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			// Broker outages are routine; keep trying rather than taking the
			// whole service (and its HTTP API) down with us.
			c.log.Warn("fuel stream fetch failed", "err", err, "retry_in", fetchBackoff)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(fetchBackoff):
			}
			fetchBackoff = min(fetchBackoff*2, time.Minute)
			continue
		}
		fetchBackoff = time.Second
		if err := c.handleWithRetry(ctx, msg); err != nil {
			return err
		}
		if err := c.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fuelstream: commit offset %d: %w", msg.Offset, err)
		}
	}
}

func (c *Consumer) handleWithRetry(ctx context.Context, msg kafka.Message) error {
	var evt fuelcard.StreamEvent
	if err := json.Unmarshal(msg.Value, &evt); err != nil || evt.ID == "" {
		c.log.Error("dropping undecodable fuel event", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		return nil
	}
	backoff := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := c.reg.Dispatch(ctx, evt)
		if err == nil {
			return nil
		}
		if errors.Is(err, ErrPoison) {
			c.log.Error("dropping poison fuel event", "id", evt.ID, "type", evt.Type, "err", err)
			return nil
		}
		if attempt >= maxHandleAttempts {
			return fmt.Errorf("fuelstream: event %s failed %d times: %w", evt.ID, attempt, err)
		}
		c.log.Warn("fuel event failed; retrying", "id", evt.ID, "type", evt.Type, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		if backoff < 10*time.Second {
			backoff *= 2
		}
	}
}

// Start runs the consumer in the background under the fx lifecycle.
func Start(lc fx.Lifecycle, c *Consumer, sd fx.Shutdowner) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ctx, cancel := context.WithCancel(context.Background())
			c.cancel = cancel
			c.done.Add(1)
			go func() {
				defer c.done.Done()
				if err := c.Run(ctx); err != nil {
					c.log.Error("fuel consumer stopped", "err", err)
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			if c.cancel != nil {
				c.cancel()
			}
			c.done.Wait()
			return c.reader.Close()
		},
	})
}

// Module wires the fuel stream consumer.
var Module = fx.Module("fuelstream",
	fx.Provide(NewOnce, BuildRegistry, NewConsumer),
	fx.Invoke(Start),
)
