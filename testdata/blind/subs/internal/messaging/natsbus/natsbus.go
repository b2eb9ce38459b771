// Package natsbus publishes and consumes invoice events on NATS JetStream.
package natsbus

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

const StreamInvoices = "INVOICES"

// Connect dials NATS and ensures the INVOICES stream exists.
func Connect(ctx context.Context, url string) (jetstream.JetStream, func(), error) {
	nc, err := nats.Connect(url, nats.Name("meterly-subs"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, nil, fmt.Errorf("natsbus: connect: %w", err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("natsbus: jetstream: %w", err)
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       StreamInvoices,
		Subjects:   []string{"invoices.>", "subscriptions.>"},
		Retention:  jetstream.LimitsPolicy,
		MaxAge:     14 * 24 * time.Hour,
		Duplicates: 2 * time.Hour,
	})
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("natsbus: stream: %w", err)
	}
	return js, func() { _ = nc.Drain() }, nil
}

// Publisher publishes JSON events. msgID is sent as Nats-Msg-Id so the
// stream drops duplicates published inside its duplicate window.
type Publisher struct{ js jetstream.JetStream }

func NewPublisher(js jetstream.JetStream) *Publisher { return &Publisher{js: js} }

func (p *Publisher) Publish(ctx context.Context, subject, msgID string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("natsbus: marshal: %w", err)
	}
	return p.PublishRaw(ctx, subject, msgID, data)
}

func (p *Publisher) PublishRaw(ctx context.Context, subject, msgID string, data []byte) error {
	if _, err := p.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID)); err != nil {
		return fmt.Errorf("natsbus: publish %s: %w", subject, err)
	}
	return nil
}

// Handler processes one message. Returning an error NAKs it for redelivery.
type Handler func(ctx context.Context, msg jetstream.Msg) error

type Subscription struct {
	Durable    string
	Subject    string
	Handler    Handler
	AckWait    time.Duration
	MaxDeliver int
}

type Runner struct {
	js  jetstream.JetStream
	log *slog.Logger
}

func NewRunner(js jetstream.JetStream, log *slog.Logger) *Runner {
	return &Runner{js: js, log: log.With("component", "natsbus")}
}

// Start binds a durable pull consumer for every subscription. Messages are
// acked only after the handler returns nil; failed ones are NAKed with a
// delay that grows with the delivery count.
func (r *Runner) Start(ctx context.Context, subs []Subscription) (func(), error) {
	var stops []func()
	stopAll := func() {
		for _, s := range stops {
			s()
		}
	}
	for _, s := range subs {
		s := s
		ackWait := s.AckWait
		if ackWait == 0 {
			ackWait = 30 * time.Second
		}
		maxDeliver := s.MaxDeliver
		if maxDeliver == 0 {
			maxDeliver = 20
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, StreamInvoices, jetstream.ConsumerConfig{
			Durable:       s.Durable,
			FilterSubject: s.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    maxDeliver,
		})
		if err != nil {
			stopAll()
			return nil, fmt.Errorf("natsbus: consumer %s: %w", s.Durable, err)
		}
		cc, err := cons.Consume(func(m jetstream.Msg) {
			r.dispatch(ctx, s, m)
		})
		if err != nil {
			stopAll()
			return nil, fmt.Errorf("natsbus: consume %s: %w", s.Durable, err)
		}
		stops = append(stops, cc.Stop)
	}
	return stopAll, nil
}

func (r *Runner) dispatch(ctx context.Context, s Subscription, m jetstream.Msg) {
	var delivered uint64 = 1
	if md, err := m.Metadata(); err == nil {
		delivered = md.NumDelivered
	}
	hctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	if err := s.Handler(hctx, m); err != nil {
		delay := time.Duration(delivered*delivered) * time.Second
		r.log.ErrorContext(ctx, "handler failed", "durable", s.Durable, "subject", m.Subject(),
			"delivered", delivered, "retry_in", delay, "err", err)
		_ = m.NakWithDelay(delay)
		return
	}
	if err := m.Ack(); err != nil {
		r.log.WarnContext(ctx, "ack failed", "durable", s.Durable, "err", err)
	}
}

// Decode unmarshals a JSON message body into T.
func Decode[T any](m jetstream.Msg) (T, error) {
	var v T
	if err := json.Unmarshal(m.Data(), &v); err != nil {
		return v, fmt.Errorf("natsbus: decode %s: %w", m.Subject(), err)
	}
	return v, nil
}
