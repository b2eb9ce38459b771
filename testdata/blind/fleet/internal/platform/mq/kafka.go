package mq

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/acme/fleet/internal/config"
)

// NewReader returns a consumer-group reader for one topic. With a zero
// commitInterval, offsets are committed only by explicit CommitMessages
// calls (or synchronously by ReadMessage); a positive interval commits in
// the background.
func NewReader(cfg config.Config, topic string, commitInterval time.Duration) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        cfg.KafkaBrokers,
		GroupID:        cfg.KafkaGroup + "." + topic,
		Topic:          topic,
		MinBytes:       1,
		MaxBytes:       10e6,
		MaxWait:        time.Second,
		CommitInterval: commitInterval,
		StartOffset:    kafka.FirstOffset,
	})
}

// MessageHandler processes one Kafka message.
type MessageHandler func(ctx context.Context, m kafka.Message) error

// ConsumeCommitted fetches messages, runs handle (retrying it a few times)
// and commits each offset only after handle succeeded. When handle keeps
// failing the loop stops, so the message is fetched again after a restart.
func ConsumeCommitted(ctx context.Context, r *kafka.Reader, handle MessageHandler, log *slog.Logger) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch %s: %w", r.Config().Topic, err)
		}
		if err := withBackoff(ctx, 5, func() error { return handle(ctx, m) }); err != nil {
			log.Error("kafka handler failed", "topic", m.Topic, "partition", m.Partition, "offset", m.Offset, "err", err)
			return fmt.Errorf("%s/%d@%d: %w", m.Topic, m.Partition, m.Offset, err)
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return fmt.Errorf("commit %s: %w", m.Topic, err)
		}
	}
}

// ConsumeAuto reads messages with the reader's background commits. It is
// meant for high-volume series where losing a point is tolerated; failures
// are logged and skipped.
func ConsumeAuto(ctx context.Context, r *kafka.Reader, handle MessageHandler, log *slog.Logger) error {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("read %s: %w", r.Config().Topic, err)
		}
		if err := handle(ctx, m); err != nil {
			log.Warn("kafka handler failed; skipping", "topic", m.Topic, "offset", m.Offset, "err", err)
		}
	}
}

// ErrPermanent marks a handler error that retrying cannot fix.
var ErrPermanent = errors.New("permanent")

func withBackoff(ctx context.Context, attempts int, fn func() error) error {
	delay := 200 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil || errors.Is(err, ErrPermanent) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay *= 2
	}
	return err
}
