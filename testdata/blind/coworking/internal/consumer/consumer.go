// Package consumer is a small abstraction over JetStream pull consumers:
// it owns the fetch loop, decoding, acking and redelivery policy so the
// handlers only see decoded messages.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Message is what handlers receive.
type Message struct {
	Subject      string
	MsgID        string // Nats-Msg-Id header set by the publisher
	Data         []byte
	StreamSeq    uint64
	NumDelivered uint64
}

// Handler processes one message. Returning nil acks it; returning an error
// naks it for redelivery unless the error is Permanent.
type Handler interface {
	Handle(ctx context.Context, m Message) error
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, m Message) error

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, m Message) error { return f(ctx, m) }

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth redelivering; the message is terminated.
func Permanent(err error) error { return permanentError{err: err} }

// Config describes one durable pull consumer.
type Config struct {
	Stream         string
	Durable        string
	FilterSubjects []string
	Batch          int
	MaxWait        time.Duration
	AckWait        time.Duration
	MaxDeliver     int
	HandlerTimeout time.Duration
}

// PullConsumer runs a fetch loop for one durable consumer.
type PullConsumer struct {
	js      jetstream.JetStream
	cfg     Config
	handler Handler
	log     *slog.Logger
}

// New builds a PullConsumer.
func New(js jetstream.JetStream, cfg Config, h Handler, log *slog.Logger) *PullConsumer {
	if cfg.Batch == 0 {
		cfg.Batch = 16
	}
	if cfg.MaxWait == 0 {
		cfg.MaxWait = 5 * time.Second
	}
	if cfg.AckWait == 0 {
		cfg.AckWait = 30 * time.Second
	}
	if cfg.MaxDeliver == 0 {
		cfg.MaxDeliver = 10
	}
	if cfg.HandlerTimeout == 0 {
		cfg.HandlerTimeout = cfg.AckWait - 2*time.Second
	}
	return &PullConsumer{js: js, cfg: cfg, handler: h, log: log.With("consumer", cfg.Durable)}
}

// Name returns the durable name.
func (c *PullConsumer) Name() string { return c.cfg.Durable }

// Run blocks until ctx is cancelled.
func (c *PullConsumer) Run(ctx context.Context) error {
	cons, err := c.js.CreateOrUpdateConsumer(ctx, c.cfg.Stream, jetstream.ConsumerConfig{
		Durable:        c.cfg.Durable,
		FilterSubjects: c.cfg.FilterSubjects,
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        c.cfg.AckWait,
		MaxDeliver:     c.cfg.MaxDeliver,
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", c.cfg.Durable, err)
	}
	c.log.Info("consumer started", "stream", c.cfg.Stream, "filter", c.cfg.FilterSubjects)

	for {
		if ctx.Err() != nil {
			return nil
		}
		batch, err := cons.Fetch(c.cfg.Batch, jetstream.FetchMaxWait(c.cfg.MaxWait))
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.log.Warn("fetch failed", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		for msg := range batch.Messages() {
			c.dispatch(ctx, msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, context.DeadlineExceeded) {
			c.log.Warn("batch error", "err", err)
		}
	}
}

func (c *PullConsumer) dispatch(ctx context.Context, msg jetstream.Msg) {
	m := Message{
		Subject: msg.Subject(),
		MsgID:   msg.Headers().Get(jetstream.MsgIDHeader),
		Data:    msg.Data(),
	}
	if md, err := msg.Metadata(); err == nil {
		m.StreamSeq = md.Sequence.Stream
		m.NumDelivered = md.NumDelivered
	}

	hctx, cancel := context.WithTimeout(ctx, c.cfg.HandlerTimeout)
	err := c.handler.Handle(hctx, m)
	cancel()

	log := c.log.With("subject", m.Subject, "msg_id", m.MsgID, "seq", m.StreamSeq, "delivered", m.NumDelivered)
	switch {
	case err == nil:
		if ackErr := msg.Ack(); ackErr != nil {
			log.Warn("ack failed", "err", ackErr)
		}
	case errors.As(err, new(permanentError)):
		log.Error("dropping message", "err", err)
		_ = msg.Term()
	default:
		delay := time.Duration(m.NumDelivered) * 2 * time.Second
		log.Warn("handler failed, will redeliver", "err", err, "delay", delay)
		_ = msg.NakWithDelay(delay)
	}
}
