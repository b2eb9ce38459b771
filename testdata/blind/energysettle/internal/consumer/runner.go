// Package consumer runs the Kafka consumers for the market operator's
// topics. Each topic has one handler, registered in a route table; offsets
// are committed only after the handler succeeds or the message has been
// parked on the dead-letter topic.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/segmentio/kafka-go"

	"github.com/gridwise-energy/energysettle/internal/platform/retry"
)

// Handler processes one message.
type Handler func(ctx context.Context, msg kafka.Message) error

// Route binds a topic to its handler.
type Route struct {
	Topic   string
	Handler Handler
}

// MessageReader is the part of *kafka.Reader the runner uses.
type MessageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

// ReaderFactory opens a group reader for a topic.
type ReaderFactory func(topic string) MessageReader

// DeadLetterWriter parks messages that cannot be processed.
type DeadLetterWriter interface {
	WriteMessages(ctx context.Context, msgs ...kafka.Message) error
}

// ErrPoison marks a message that will never be processed (bad payload,
// reference to unknown data); it goes straight to the dead-letter topic.
var ErrPoison = errors.New("poison message")

// Poison wraps err as ErrPoison.
func Poison(err error) error { return fmt.Errorf("%w: %w", ErrPoison, err) }

// Runner consumes a set of routes.
type Runner struct {
	newReader ReaderFactory
	dlq       DeadLetterWriter
	dlqTopic  string
	log       *slog.Logger
}

// NewRunner builds a Runner.
func NewRunner(newReader ReaderFactory, dlq DeadLetterWriter, dlqTopic string, log *slog.Logger) *Runner {
	return &Runner{newReader: newReader, dlq: dlq, dlqTopic: dlqTopic, log: log}
}

// Run consumes every route until ctx is cancelled or a reader fails.
func (r *Runner) Run(ctx context.Context, routes []Route) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(routes))
	for _, rt := range routes {
		wg.Add(1)
		go func(rt Route) {
			defer wg.Done()
			if err := r.consume(ctx, rt); err != nil {
				errs <- fmt.Errorf("topic %s: %w", rt.Topic, err)
				cancel()
			}
		}(rt)
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func (r *Runner) consume(ctx context.Context, rt Route) error {
	reader := r.newReader(rt.Topic)
	defer reader.Close()
	log := r.log.With("topic", rt.Topic)
	log.Info("consumer started")
	for {
		msg, err := reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		start := time.Now()
		err = retry.Do(ctx, retry.Handler, func() error {
			herr := rt.Handler(ctx, msg)
			if errors.Is(herr, ErrPoison) {
				return retry.Permanent(herr)
			}
			return herr
		}, func(err error, wait time.Duration) {
			log.Warn("handler failed, retrying", "partition", msg.Partition, "offset", msg.Offset, "wait", wait, "err", err)
		})
		if err != nil {
			if ctx.Err() != nil {
				// Shutting down: leave the offset so the message is
				// redelivered to whoever owns the partition next.
				return nil
			}
			log.Error("parking message", "partition", msg.Partition, "offset", msg.Offset, "err", err)
			if derr := r.deadLetter(ctx, rt.Topic, msg, err); derr != nil {
				return fmt.Errorf("dead-letter offset %d: %w", msg.Offset, derr)
			}
		} else {
			log.Debug("message handled", "partition", msg.Partition, "offset", msg.Offset, "took", time.Since(start))
		}
		if err := reader.CommitMessages(ctx, msg); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("commit offset %d: %w", msg.Offset, err)
		}
	}
}

func (r *Runner) deadLetter(ctx context.Context, topic string, msg kafka.Message, cause error) error {
	headers := append([]kafka.Header{}, msg.Headers...)
	headers = append(headers,
		kafka.Header{Key: "x-original-topic", Value: []byte(topic)},
		kafka.Header{Key: "x-original-partition", Value: []byte(strconv.Itoa(msg.Partition))},
		kafka.Header{Key: "x-original-offset", Value: []byte(strconv.FormatInt(msg.Offset, 10))},
		kafka.Header{Key: "x-error", Value: []byte(cause.Error())},
	)
	return r.dlq.WriteMessages(ctx, kafka.Message{
		Topic:   r.dlqTopic,
		Key:     msg.Key,
		Value:   msg.Value,
		Headers: headers,
	})
}

// Header returns the value of a message header.
func Header(msg kafka.Message, key string) string {
	for _, h := range msg.Headers {
		if h.Key == key {
			return string(h.Value)
		}
	}
	return ""
}

// MessageID returns the operator's message ID header, falling back to the
// message's coordinates, which are stable across redeliveries.
func MessageID(msg kafka.Message) string {
	if id := Header(msg, "message-id"); id != "" {
		return id
	}
	return fmt.Sprintf("%s/%d/%d", msg.Topic, msg.Partition, msg.Offset)
}
