// Package recorderstream consumes county recorder answers from the Redis
// stream the e-recording hub bridge writes to.
package recorderstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/cobaltmesa/titleworks/internal/service/recording"
)

// Recorder applies recorder answers.
type Recorder interface {
	Confirm(ctx context.Context, c recording.Confirmation) error
	Reject(ctx context.Context, r recording.Rejection) error
}

// Options configures the consumer.
type Options struct {
	Stream   string
	Group    string
	Consumer string
	Batch    int64
	Block    time.Duration
	// MinIdle is how long a message sits unacknowledged in another
	// consumer's pending list before this one claims it.
	MinIdle time.Duration
}

type handlerFunc func(ctx context.Context, fields map[string]any) error

// Consumer reads the stream with XREADGROUP and acknowledges a message
// only after its handler succeeds. Unacknowledged messages are claimed
// again with XAUTOCLAIM, so every handler sees redeliveries.
type Consumer struct {
	rdb      *redis.Client
	opts     Options
	handlers map[string]handlerFunc
}

// New returns a consumer.
func New(rdb *redis.Client, rec Recorder, opts Options) *Consumer {
	if opts.Batch == 0 {
		opts.Batch = 16
	}
	if opts.Block == 0 {
		opts.Block = 5 * time.Second
	}
	if opts.MinIdle == 0 {
		opts.MinIdle = 2 * time.Minute
	}
	c := &Consumer{rdb: rdb, opts: opts}
	c.handlers = map[string]handlerFunc{
		"instrument.recorded": recordedHandler(rec),
		"submission.rejected": rejectedHandler(rec),
	}
	return c
}

func recordedHandler(rec Recorder) handlerFunc {
	return func(ctx context.Context, f map[string]any) error {
		var instruments []recording.Instrument
		if err := json.Unmarshal([]byte(str(f, "instruments")), &instruments); err != nil {
			return fmt.Errorf("decode instruments: %w", err)
		}
		return rec.Confirm(ctx, recording.Confirmation{
			SubmissionID: str(f, "submission_id"),
			CountyFIPS:   str(f, "county_fips"),
			Instruments:  instruments,
		})
	}
}

func rejectedHandler(rec Recorder) handlerFunc {
	return func(ctx context.Context, f map[string]any) error {
		return rec.Reject(ctx, recording.Rejection{
			SubmissionID: str(f, "submission_id"),
			Code:         str(f, "rejection_code"),
			Reason:       str(f, "reason"),
		})
	}
}

func str(f map[string]any, k string) string {
	if v, ok := f[k].(string); ok {
		return strings.TrimSpace(v)
	}
	return ""
}

// Run consumes until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	err := c.rdb.XGroupCreateMkStream(ctx, c.opts.Stream, c.opts.Group, "0").Err()
	if err != nil && !strings.HasPrefix(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("create group: %w", err)
	}
	reclaimEvery := time.NewTicker(c.opts.MinIdle / 2)
	defer reclaimEvery.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-reclaimEvery.C:
			if err := c.reclaim(ctx); err != nil {
				slog.WarnContext(ctx, "recorder stream: reclaim failed", "err", err)
			}
		default:
		}
		streams, err := c.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group:    c.opts.Group,
			Consumer: c.opts.Consumer,
			Streams:  []string{c.opts.Stream, ">"},
			Count:    c.opts.Batch,
			Block:    c.opts.Block,
		}).Result()
		if errors.Is(err, redis.Nil) {
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			slog.ErrorContext(ctx, "recorder stream: read failed", "err", err)
			time.Sleep(time.Second)
			continue
		}
		for _, s := range streams {
			c.process(ctx, s.Messages)
		}
	}
}

func (c *Consumer) reclaim(ctx context.Context) error {
	start := "0-0"
	for {
		msgs, next, err := c.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
			Stream:   c.opts.Stream,
			Group:    c.opts.Group,
			Consumer: c.opts.Consumer,
			MinIdle:  c.opts.MinIdle,
			Start:    start,
			Count:    c.opts.Batch,
		}).Result()
		if err != nil {
			return err
		}
		c.process(ctx, msgs)
		if next == "0-0" || len(msgs) == 0 {
			return nil
		}
		start = next
	}
}

func (c *Consumer) process(ctx context.Context, msgs []redis.XMessage) {
	for _, m := range msgs {
		kind := str(m.Values, "kind")
		h, ok := c.handlers[kind]
		if !ok {
			slog.WarnContext(ctx, "recorder stream: unknown kind, acking", "id", m.ID, "kind", kind)
			c.ack(ctx, m.ID)
			continue
		}
		hctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := h(hctx, m.Values)
		cancel()
		if err != nil {
			slog.ErrorContext(ctx, "recorder stream: handler failed; left pending", "id", m.ID, "kind", kind, "err", err)
			continue
		}
		c.ack(ctx, m.ID)
	}
}

func (c *Consumer) ack(ctx context.Context, id string) {
	if err := c.rdb.XAck(ctx, c.opts.Stream, c.opts.Group, id).Err(); err != nil {
		slog.WarnContext(ctx, "recorder stream: ack failed", "id", id, "err", err)
	}
}
