// Package stream runs a Redis Streams consumer-group worker. Entries are
// dispatched on their "type" field to a handler table; an entry is XACKed
// only after its handler returns nil. Entries left pending (handler error,
// crash, lost ack) are reclaimed with XAUTOCLAIM after MinIdle and handled
// again, so handlers see at-least-once delivery.
package stream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// Message is one stream entry handed to a handler.
type Message struct {
	ID     string
	Type   string
	Values map[string]any
}

// Get returns a string field or "".
func (m Message) Get(key string) string {
	if v, ok := m.Values[key]; ok {
		if s, ok := v.(string); ok {
			return s
		}
		return fmt.Sprint(v)
	}
	return ""
}

// Handler processes one message.
type Handler func(ctx context.Context, msg Message) error

// Table maps event types to handlers.
type Table map[string]Handler

type Options struct {
	Stream   string
	Group    string
	Consumer string
	Count    int64
	Block    time.Duration
	MinIdle  time.Duration
	Timeout  time.Duration
}

type Consumer struct {
	rdb      *redis.Client
	opts     Options
	handlers Table
	log      *slog.Logger
}

func NewConsumer(rdb *redis.Client, opts Options, handlers Table, log *slog.Logger) *Consumer {
	if opts.Count == 0 {
		opts.Count = 16
	}
	if opts.Block == 0 {
		opts.Block = 5 * time.Second
	}
	if opts.MinIdle == 0 {
		opts.MinIdle = time.Minute
	}
	if opts.Timeout == 0 {
		opts.Timeout = 30 * time.Second
	}
	return &Consumer{rdb: rdb, opts: opts, handlers: handlers, log: log}
}

func (c *Consumer) ensureGroup(ctx context.Context) error {
	err := c.rdb.XGroupCreateMkStream(ctx, c.opts.Stream, c.opts.Group, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("stream: create group: %w", err)
	}
	return nil
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	if err := c.ensureGroup(ctx); err != nil {
		return err
	}
	reclaimTick := time.NewTicker(c.opts.MinIdle / 2)
	defer reclaimTick.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-reclaimTick.C:
			c.reclaim(ctx)
		default:
		}
		streams, err := c.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group:    c.opts.Group,
			Consumer: c.opts.Consumer,
			Streams:  []string{c.opts.Stream, ">"},
			Count:    c.opts.Count,
			Block:    c.opts.Block,
		}).Result()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.log.Error("xreadgroup failed", "err", err)
			time.Sleep(time.Second)
			continue
		}
		for _, s := range streams {
			for _, m := range s.Messages {
				c.handle(ctx, m)
			}
		}
	}
}

// reclaim takes over entries that another consumer (or this one) read but
// never acknowledged.
func (c *Consumer) reclaim(ctx context.Context) {
	start := "0-0"
	for {
		msgs, next, err := c.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
			Stream:   c.opts.Stream,
			Group:    c.opts.Group,
			Consumer: c.opts.Consumer,
			MinIdle:  c.opts.MinIdle,
			Start:    start,
			Count:    c.opts.Count,
		}).Result()
		if err != nil {
			c.log.Error("xautoclaim failed", "err", err)
			return
		}
		for _, m := range msgs {
			c.handle(ctx, m)
		}
		if next == "0-0" || len(msgs) == 0 {
			return
		}
		start = next
	}
}

func (c *Consumer) handle(ctx context.Context, m redis.XMessage) {
	msg := Message{ID: m.ID, Values: m.Values}
	msg.Type = msg.Get("type")
	log := c.log.With("msg_id", m.ID, "type", msg.Type)

	h, ok := c.handlers[msg.Type]
	if !ok {
		log.Warn("no handler for event type; acknowledging")
		c.ack(ctx, m.ID)
		return
	}
	hctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	start := time.Now()
	if err := h(hctx, msg); err != nil {
		log.Error("handler failed; entry stays pending", "err", err, "took", time.Since(start))
		return
	}
	c.ack(ctx, m.ID)
	log.Debug("handled", "took", time.Since(start))
}

func (c *Consumer) ack(ctx context.Context, id string) {
	if err := c.rdb.XAck(ctx, c.opts.Stream, c.opts.Group, id).Err(); err != nil {
		c.log.Error("xack failed", "msg_id", id, "err", err)
	}
}
