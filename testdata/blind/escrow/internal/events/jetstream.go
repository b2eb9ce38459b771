package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config configures the NATS connection.
type Config struct {
	URL string
}

// Connect opens a NATS connection and a JetStream context.
func Connect(cfg Config) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.URL, nats.Name("escrowd"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, nil, fmt.Errorf("nats connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return nc, js, nil
}

// EnsureStreams creates or updates the streams the service owns. Every
// stream keeps a ten-minute window for Nats-Msg-Id de-duplication.
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	streams := []jetstream.StreamConfig{
		{Name: StreamEscrow, Subjects: []string{"escrow.>"}},
		{Name: StreamShipping, Subjects: []string{"shipping.>"}},
		{Name: StreamDisputes, Subjects: []string{"dispute.>"}},
		{Name: StreamPayouts, Subjects: []string{"payout.>"}},
	}
	for _, cfg := range streams {
		cfg.Duplicates = 10 * time.Minute
		cfg.Storage = jetstream.FileStorage
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}

// Publisher publishes JSON payloads to JetStream.
type Publisher struct {
	js jetstream.JetStream
}

// NewPublisher returns a Publisher.
func NewPublisher(js jetstream.JetStream) *Publisher {
	return &Publisher{js: js}
}

// Publish sends payload to subject. When msgID is non-empty it is sent as
// Nats-Msg-Id so the stream drops repeats inside its duplicate window.
func (p *Publisher) Publish(ctx context.Context, subject string, payload any, msgID string) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	var opts []jetstream.PublishOpt
	if msgID != "" {
		opts = append(opts, jetstream.WithMsgID(msgID))
	}
	if _, err := p.js.Publish(ctx, subject, data, opts...); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

// ConsumerSpec describes a durable pull consumer.
type ConsumerSpec struct {
	Stream     string
	Durable    string
	Subject    string
	AckWait    time.Duration
	MaxDeliver int
}

// Handler processes one message. Returning nil acks the message; an error
// naks it for redelivery; an error wrapping ErrPoison terminates it.
type Handler func(ctx context.Context, msg jetstream.Msg) error

// ErrPoison marks a message that can never be processed.
var ErrPoison = errors.New("poison message")

// Consume attaches h to a durable pull consumer with explicit acks. The
// message is acknowledged only after h returns.
func Consume(ctx context.Context, js jetstream.JetStream, spec ConsumerSpec, h Handler, log *slog.Logger) (jetstream.ConsumeContext, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, spec.Stream, jetstream.ConsumerConfig{
		Durable:       spec.Durable,
		FilterSubject: spec.Subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       spec.AckWait,
		MaxDeliver:    spec.MaxDeliver,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer %s: %w", spec.Durable, err)
	}
	log = log.With("consumer", spec.Durable)
	return cons.Consume(func(msg jetstream.Msg) {
		hctx, cancel := context.WithTimeout(ctx, spec.AckWait)
		defer cancel()
		err := h(hctx, msg)
		switch {
		case err == nil:
			if aerr := msg.Ack(); aerr != nil {
				log.Warn("ack failed", "err", aerr)
			}
		case errors.Is(err, ErrPoison):
			log.Error("terminating message", "err", err)
			_ = msg.Term()
		default:
			log.Warn("handler failed; will be redelivered", "err", err)
			_ = msg.NakWithDelay(5 * time.Second)
		}
	})
}

// Decode unmarshals a message body, marking undecodable bodies as poison.
func Decode[T any](msg jetstream.Msg) (T, error) {
	var v T
	if err := json.Unmarshal(msg.Data(), &v); err != nil {
		return v, fmt.Errorf("%w: %v", ErrPoison, err)
	}
	return v, nil
}

// MessageID returns the publisher's Nats-Msg-Id, or the stream sequence when
// the publisher did not set one.
func MessageID(msg jetstream.Msg) string {
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return id
	}
	if md, err := msg.Metadata(); err == nil {
		return fmt.Sprintf("%s/%d", md.Stream, md.Sequence.Stream)
	}
	return ""
}
