package kafka

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	kafkago "github.com/segmentio/kafka-go"

	"github.com/merchline/preorders/internal/platform/retry"
)

// Header names set by our producers and by the warehouse ingress.
const (
	HeaderEventID   = "event-id"
	HeaderEventType = "event-type"
	HeaderMessageID = "message-id"
)

// Message is what handlers see.
type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       string
	Value     []byte
	Headers   map[string]string
	Time      time.Time
}

// EventID is the producer-assigned id of the message: the partner's event
// id for warehouse topics, the outbox row id for our own.
func (m Message) EventID() string {
	if id := m.Headers[HeaderEventID]; id != "" {
		return id
	}
	return m.Headers[HeaderMessageID]
}

// Handler processes one message. Returning an error wrapped with
// Skip commits the offset without retrying.
type Handler interface {
	Handle(ctx context.Context, msg Message) error
}

type HandlerFunc func(ctx context.Context, msg Message) error

func (f HandlerFunc) Handle(ctx context.Context, msg Message) error { return f(ctx, msg) }

// ErrSkip marks a message that can never be processed (bad payload,
// unknown order). It is logged and committed.
var ErrSkip = errors.New("skip message")

func Skip(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSkip, fmt.Sprintf(format, args...))
}

// Consumer reads one topic in a consumer group and commits offsets only
// after the handler succeeds. A handler that keeps failing past the
// retry policy stops the consumer; the process exits and the group
// rebalances, so the message is delivered again from the last commit.
type Consumer struct {
	reader  *kafkago.Reader
	handler Handler
	policy  retry.Policy
	log     *slog.Logger
}

func NewConsumer(brokers []string, group, topic string, h Handler, log *slog.Logger) *Consumer {
	return &Consumer{
		reader: kafkago.NewReader(kafkago.ReaderConfig{
			Brokers:        brokers,
			GroupID:        group,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        500 * time.Millisecond,
			CommitInterval: 0, // synchronous commits
			StartOffset:    kafkago.FirstOffset,
		}),
		handler: h,
		policy:  retry.Background,
		log:     log.With("topic", topic, "group", group),
	}
}

func (c *Consumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	for {
		km, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("fetch: %w", err)
		}
		msg := fromKafka(km)
		err = retry.Run(ctx, c.policy, func(ctx context.Context) error {
			err := c.handler.Handle(ctx, msg)
			if errors.Is(err, ErrSkip) {
				return retry.Permanent(err)
			}
			return err
		}, func(err error, wait time.Duration) {
			c.log.WarnContext(ctx, "handler failed, retrying", "offset", km.Offset, "event_id", msg.EventID(), "retry_in", wait, "err", err)
		})
		switch {
		case err == nil:
		case errors.Is(err, ErrSkip):
			c.log.ErrorContext(ctx, "skipping message", "offset", km.Offset, "event_id", msg.EventID(), "err", err)
		default:
			return fmt.Errorf("handle offset %d: %w", km.Offset, err)
		}
		if err := c.reader.CommitMessages(ctx, km); err != nil {
			return fmt.Errorf("commit offset %d: %w", km.Offset, err)
		}
	}
}

func fromKafka(km kafkago.Message) Message {
	h := make(map[string]string, len(km.Headers))
	for _, hd := range km.Headers {
		h[hd.Key] = string(hd.Value)
	}
	return Message{
		Topic:     km.Topic,
		Partition: km.Partition,
		Offset:    km.Offset,
		Key:       string(km.Key),
		Value:     km.Value,
		Headers:   h,
		Time:      km.Time,
	}
}
