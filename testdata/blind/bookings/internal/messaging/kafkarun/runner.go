// Package kafkarun runs Kafka consumers declared in a registration table.
//
// Delivery is at-least-once: a message's offset is committed only after its
// handler returns nil (or after it has been parked on the dead-letter topic).
// A handler error is retried in-process with backoff; a crash or a
// consumer-group rebalance before the commit redelivers the message.
package kafkarun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"
)

// HeaderMessageID carries the producer's message id.
const HeaderMessageID = "message-id"

// Handler processes one message.
type Handler func(ctx context.Context, msg kafka.Message) error

// Registration binds a handler to a topic under a consumer group.
type Registration struct {
	Topic   string
	GroupID string
	Handler Handler
}

// Runner consumes every registered topic.
type Runner struct {
	brokers     []string
	regs        []Registration
	dlq         *kafka.Writer
	maxAttempts int
	backoff     time.Duration
	log         *slog.Logger
}

// Option configures a Runner.
type Option func(*Runner)

// WithRetry sets in-process attempts per message and the base backoff.
func WithRetry(attempts int, backoff time.Duration) Option {
	return func(r *Runner) { r.maxAttempts, r.backoff = attempts, backoff }
}

// WithDeadLetter parks messages that exhaust their attempts on w.
func WithDeadLetter(w *kafka.Writer) Option { return func(r *Runner) { r.dlq = w } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(r *Runner) { r.log = l } }

// New builds a Runner.
func New(brokers []string, regs []Registration, opts ...Option) *Runner {
	r := &Runner{brokers: brokers, regs: regs, maxAttempts: 5, backoff: 500 * time.Millisecond, log: slog.Default()}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run blocks until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, reg := range r.regs {
		reader := kafka.NewReader(kafka.ReaderConfig{
			Brokers:        r.brokers,
			GroupID:        reg.GroupID,
			Topic:          reg.Topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0, // synchronous commits
			StartOffset:    kafka.FirstOffset,
		})
		wg.Add(1)
		go func(reg Registration, reader *kafka.Reader) {
			defer wg.Done()
			defer reader.Close()
			r.consume(ctx, reg, reader)
		}(reg, reader)
	}
	wg.Wait()
	return ctx.Err()
}

func (r *Runner) consume(ctx context.Context, reg Registration, reader *kafka.Reader) {
	log := r.log.With("topic", reg.Topic, "group", reg.GroupID)
	for {
		msg, err := reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.ErrorContext(ctx, "fetch", "err", err)
			time.Sleep(time.Second)
			continue
		}
		deliveryID := uuid.NewString()
		mlog := log.With("delivery_id", deliveryID, "partition", msg.Partition, "offset", msg.Offset,
			"message_id", MessageID(msg))

		if err := r.handle(ctx, reg, msg, mlog); err != nil {
			if ctx.Err() != nil {
				return // not committed: redelivered after restart
			}
			mlog.ErrorContext(ctx, "handler exhausted retries, dead-lettering", "err", err)
			if derr := r.deadLetter(ctx, reg, msg, err); derr != nil {
				mlog.ErrorContext(ctx, "dead-letter failed; message will be redelivered", "err", derr)
				return
			}
		}
		if err := reader.CommitMessages(ctx, msg); err != nil {
			mlog.ErrorContext(ctx, "commit", "err", err)
		}
	}
}

func (r *Runner) handle(ctx context.Context, reg Registration, msg kafka.Message, log *slog.Logger) error {
	var err error
	for attempt := 1; attempt <= r.maxAttempts; attempt++ {
		err = reg.Handler(ctx, msg)
		if err == nil {
			return nil
		}
		var perm permanent
		if errors.As(err, &perm) {
			return err
		}
		log.WarnContext(ctx, "handler failed", "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.backoff * time.Duration(1<<(attempt-1))):
		}
	}
	return err
}

func (r *Runner) deadLetter(ctx context.Context, reg Registration, msg kafka.Message, cause error) error {
	if r.dlq == nil {
		return nil
	}
	headers := append([]kafka.Header(nil), msg.Headers...)
	headers = append(headers,
		kafka.Header{Key: "dlq-source-topic", Value: []byte(reg.Topic)},
		kafka.Header{Key: "dlq-source-offset", Value: []byte(strconv.FormatInt(msg.Offset, 10))},
		kafka.Header{Key: "dlq-error", Value: []byte(cause.Error())},
	)
	return r.dlq.WriteMessages(ctx, kafka.Message{Topic: reg.Topic + ".dlq", Key: msg.Key, Value: msg.Value, Headers: headers})
}

// MessageID returns the producer's message id, falling back to the
// message's coordinates.
func MessageID(msg kafka.Message) string {
	for _, h := range msg.Headers {
		if h.Key == HeaderMessageID {
			return string(h.Value)
		}
	}
	return fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
}

type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// Permanent marks an error as not worth retrying.
func Permanent(err error) error { return permanent{err} }

// JSON adapts a typed handler: it decodes the value and passes the message
// id along. Undecodable messages are permanent failures.
func JSON[T any](fn func(ctx context.Context, messageID string, v T) error) Handler {
	return func(ctx context.Context, msg kafka.Message) error {
		var v T
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", msg.Topic, err))
		}
		return fn(ctx, MessageID(msg), v)
	}
}
