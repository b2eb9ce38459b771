// Package examresults consumes the exam centre's JetStream events: results,
// session cancellations, booking confirmations and absences.
package examresults

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Subjects published by the exam centre bridge.
const (
	SubjectResultPublished  = "examcentre.results.published"
	SubjectSessionCancelled = "examcentre.sessions.cancelled"
	SubjectBookingConfirmed = "examcentre.bookings.confirmed"
	SubjectCandidateAbsent  = "examcentre.candidates.absent"
)

// ErrPoison marks a message that can never be processed.
var ErrPoison = errors.New("examresults: poison message")

// Handler processes one decoded message.
type Handler func(ctx context.Context, data []byte) error

// Route binds a subject to a handler.
type Route struct {
	Subject string
	Handle  Handler
}

// Decode adapts a typed handler.
func Decode[T any](fn func(ctx context.Context, evt T) error) Handler {
	return func(ctx context.Context, data []byte) error {
		var evt T
		if err := json.Unmarshal(data, &evt); err != nil {
			return errors.Join(ErrPoison, err)
		}
		return fn(ctx, evt)
	}
}

// Consumer runs a durable pull consumer and dispatches by subject.
type Consumer struct {
	js      jetstream.JetStream
	stream  string
	durable string
	routes  map[string]Handler
	log     *slog.Logger
	cc      jetstream.ConsumeContext
}

// NewConsumer builds a consumer for the routes.
func NewConsumer(js jetstream.JetStream, stream, durable string, log *slog.Logger, routes ...Route) *Consumer {
	m := make(map[string]Handler, len(routes))
	for _, r := range routes {
		m[r.Subject] = r.Handle
	}
	return &Consumer{js: js, stream: stream, durable: durable, routes: m, log: log}
}

// Start creates or updates the durable consumer and begins consuming.
func (c *Consumer) Start(ctx context.Context) error {
	subjects := make([]string, 0, len(c.routes))
	for s := range c.routes {
		subjects = append(subjects, s)
	}
	cons, err := c.js.CreateOrUpdateConsumer(ctx, c.stream, jetstream.ConsumerConfig{
		Durable:        c.durable,
		FilterSubjects: subjects,
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        45 * time.Second,
		MaxDeliver:     20,
		BackOff:        []time.Duration{5 * time.Second, 30 * time.Second, 2 * time.Minute},
	})
	if err != nil {
		return err
	}
	c.cc, err = cons.Consume(c.handle,
		jetstream.PullMaxMessages(16),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			c.log.Warn("jetstream consume error", "err", err)
		}))
	return err
}

// Stop drains in-flight messages.
func (c *Consumer) Stop() {
	if c.cc != nil {
		c.cc.Drain()
	}
}

func (c *Consumer) handle(msg jetstream.Msg) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()

	h, ok := c.routes[msg.Subject()]
	if !ok {
		_ = msg.Term()
		return
	}
	meta, _ := msg.Metadata()
	err := h(ctx, msg.Data())
	switch {
	case err == nil:
		if err := msg.Ack(); err != nil {
			c.log.Warn("ack failed", "subject", msg.Subject(), "err", err)
		}
	case errors.Is(err, ErrPoison):
		c.log.Error("dropping poison message", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
	default:
		var delivered uint64
		if meta != nil {
			delivered = meta.NumDelivered
		}
		c.log.Error("exam event failed", "subject", msg.Subject(), "delivered", delivered, "err", err)
		_ = msg.NakWithDelay(time.Duration(delivered) * 10 * time.Second)
	}
}
