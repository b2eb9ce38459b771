package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/segmentio/kafka-go"
)

// ErrPoison marks a message that can never be processed; it is parked on
// the dead-letter topic and its offset committed.
var ErrPoison = errors.New("poison message")

// Config configures the Runner.
type Config struct {
	Brokers     []string
	GroupID     string
	Topic       string
	DLQTopic    string
	MaxAttempts int
}

// Runner consumes the inbound topic and dispatches by event type.
type Runner struct {
	reader   *kafka.Reader
	dlq      *kafka.Writer
	handlers map[string]HandlerFunc
	max      int
	log      *slog.Logger
}

// NewRunner builds a Runner over a handler table.
func NewRunner(cfg Config, handlers map[string]HandlerFunc, log *slog.Logger) *Runner {
	if cfg.DLQTopic == "" {
		cfg.DLQTopic = cfg.Topic + ".dlq"
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 8
	}
	return &Runner{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.Brokers,
			GroupID:        cfg.GroupID,
			Topic:          cfg.Topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0,
		}),
		dlq: &kafka.Writer{
			Addr:     kafka.TCP(cfg.Brokers...),
			Topic:    cfg.DLQTopic,
			Balancer: &kafka.Hash{},
		},
		handlers: handlers,
		max:      cfg.MaxAttempts,
		log:      log,
	}
}

// Run blocks until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	for {
		msg, err := r.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		r.process(ctx, msg)
		if err := r.reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			r.log.Error("commit offset", "partition", msg.Partition, "offset", msg.Offset, "err", err)
		}
	}
}

// process handles one message, retrying transient failures in place with
// backoff before parking it on the dead-letter topic.
func (r *Runner) process(ctx context.Context, msg kafka.Message) {
	var env Envelope
	if err := json.Unmarshal(msg.Value, &env); err != nil {
		r.park(ctx, msg, "", err)
		return
	}
	h, ok := r.handlers[env.EventType]
	if !ok {
		r.log.Debug("no handler for event type", "type", env.EventType)
		return
	}
	backoff := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := h(ctx, env)
		if err == nil {
			return
		}
		if errors.Is(err, ErrPoison) || attempt >= r.max {
			r.park(ctx, msg, env.EventType, err)
			return
		}
		r.log.Warn("handler failed; retrying", "type", env.EventType, "event_id", env.EventID, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		if backoff < 30*time.Second {
			backoff *= 2
		}
	}
}

func (r *Runner) park(ctx context.Context, msg kafka.Message, eventType string, cause error) {
	r.log.Error("parking message on DLQ", "type", eventType, "offset", msg.Offset, "err", cause)
	err := r.dlq.WriteMessages(ctx, kafka.Message{
		Key:   msg.Key,
		Value: msg.Value,
		Headers: append(msg.Headers,
			kafka.Header{Key: "dlq-error", Value: []byte(cause.Error())},
			kafka.Header{Key: "dlq-parked-at", Value: []byte(time.Now().UTC().Format(time.RFC3339))},
		),
	})
	if err != nil {
		r.log.Error("write DLQ", "err", err)
	}
}

// Close stops the reader and DLQ writer.
func (r *Runner) Close() error {
	return errors.Join(r.reader.Close(), r.dlq.Close())
}
