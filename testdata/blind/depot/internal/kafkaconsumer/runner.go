// Package kafkaconsumer runs a kafka-go consumer group and dispatches each
// message to the handler registered for its topic.
package kafkaconsumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
)

// Message is the transport-neutral view of a Kafka record.
type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       string
	Value     []byte
	Headers   map[string]string
	Time      time.Time
}

// HandlerFunc handles one message. Returning an error leaves the offset
// uncommitted.
type HandlerFunc func(ctx context.Context, m Message) error

// Table maps a topic to its handler.
type Table map[string]HandlerFunc

// Topics lists the table's topics.
func (t Table) Topics() []string {
	out := make([]string, 0, len(t))
	for k := range t {
		out = append(out, k)
	}
	return out
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks an error as not worth retrying; the message is logged
// and committed.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// Fetcher is the part of *kafka.Reader the runner uses.
type Fetcher interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// Runner consumes from a reader and dispatches through a Table.
type Runner struct {
	reader  Fetcher
	table   Table
	log     *slog.Logger
	backoff func() backoff.BackOff
}

// Option configures a Runner.
type Option func(*Runner)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(r *Runner) { r.log = l } }

// WithBackOff sets the per-message retry policy.
func WithBackOff(f func() backoff.BackOff) Option { return func(r *Runner) { r.backoff = f } }

// NewRunner builds a Runner.
func NewRunner(reader Fetcher, table Table, opts ...Option) *Runner {
	r := &Runner{
		reader: reader,
		table:  table,
		log:    slog.Default(),
		backoff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.InitialInterval = 200 * time.Millisecond
			b.MaxElapsedTime = 2 * time.Minute
			return b
		},
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run consumes until ctx is cancelled. A message that still fails after
// the retry policy is exhausted stops the runner without committing, so
// the process restarts and the group redelivers it.
func (r *Runner) Run(ctx context.Context) error {
	defer r.reader.Close()
	for {
		km, err := r.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("kafka: fetch: %w", err)
		}
		h, ok := r.table[km.Topic]
		if !ok {
			r.log.Warn("no handler for topic", "topic", km.Topic)
			if err := r.reader.CommitMessages(ctx, km); err != nil {
				return err
			}
			continue
		}
		m := fromKafka(km)
		op := func() error {
			err := h(ctx, m)
			if IsPermanent(err) {
				return backoff.Permanent(err)
			}
			return err
		}
		if err := backoff.Retry(op, backoff.WithContext(r.backoff(), ctx)); err != nil {
			if !IsPermanent(err) {
				return fmt.Errorf("kafka: %s[%d]@%d: %w", m.Topic, m.Partition, m.Offset, err)
			}
			r.log.Error("dropping message", "topic", m.Topic, "offset", m.Offset, "err", err)
		}
		if err := r.reader.CommitMessages(ctx, km); err != nil {
			return fmt.Errorf("kafka: commit: %w", err)
		}
	}
}

func fromKafka(km kafka.Message) Message {
	h := make(map[string]string, len(km.Headers))
	for _, kv := range km.Headers {
		h[kv.Key] = string(kv.Value)
	}
	return Message{
		Topic: km.Topic, Partition: km.Partition, Offset: km.Offset,
		Key: string(km.Key), Value: km.Value, Headers: h, Time: km.Time,
	}
}

// NewReader builds a consumer-group reader for the table's topics.
func NewReader(brokers []string, group string, topics []string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers:        brokers,
		GroupID:        group,
		GroupTopics:    topics,
		MinBytes:       1,
		MaxBytes:       10 << 20,
		MaxWait:        500 * time.Millisecond,
		CommitInterval: 0,
		StartOffset:    kafka.FirstOffset,
	})
}
