package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
)

// Delivery is what a handler sees of one JetStream message.
type Delivery struct {
	ID        string
	Subject   string
	Data      []byte
	Attempt   uint64
	Published time.Time
}

// Handler processes one delivery. A nil error acks the message; an error
// naks it for redelivery after a delay; a Permanent error terminates it.
type Handler func(ctx context.Context, d Delivery) error

// Route binds a durable consumer on a subject to a handler.
type Route struct {
	Durable    string
	Subject    string
	MaxDeliver int
	Handler    Handler
}

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth redelivering.
func Permanent(err error) error { return permanentError{err} }

// Decode adapts a typed handler to a Handler.
func Decode[T any](fn func(ctx context.Context, d Delivery, evt T) error) Handler {
	return func(ctx context.Context, d Delivery) error {
		var evt T
		if err := json.Unmarshal(d.Data, &evt); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", d.Subject, err))
		}
		return fn(ctx, d, evt)
	}
}

type consumerParams struct {
	fx.In

	LC     fx.Lifecycle
	Cfg    config.Config
	Log    *slog.Logger
	JS     jetstream.JetStream
	Routes []Route `group:"nats.routes"`
}

// runConsumers starts one pull consumer per route.
func runConsumers(p consumerParams) {
	var running []jetstream.ConsumeContext
	p.LC.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			for _, r := range p.Routes {
				cc, err := startRoute(ctx, p.JS, p.Cfg.NATSStream, r, p.Log.With("consumer", r.Durable))
				if err != nil {
					return err
				}
				running = append(running, cc)
			}
			return nil
		},
		OnStop: func(context.Context) error {
			for _, cc := range running {
				cc.Drain()
			}
			return nil
		},
	})
}

func startRoute(ctx context.Context, js jetstream.JetStream, stream string, r Route, log *slog.Logger) (jetstream.ConsumeContext, error) {
	maxDeliver := r.MaxDeliver
	if maxDeliver == 0 {
		maxDeliver = 20
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
		Durable:       r.Durable,
		FilterSubject: r.Subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    maxDeliver,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer %s: %w", r.Durable, err)
	}
	return cons.Consume(func(msg jetstream.Msg) {
		d := Delivery{ID: msg.Headers().Get(nats.MsgIdHdr), Subject: msg.Subject(), Data: msg.Data()}
		if md, err := msg.Metadata(); err == nil {
			d.Attempt = md.NumDelivered
			d.Published = md.Timestamp
			if d.ID == "" {
				d.ID = fmt.Sprintf("%s:%d", md.Stream, md.Sequence.Stream)
			}
		}
		hctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
		defer cancel()
		err := r.Handler(hctx, d)
		var perm permanentError
		switch {
		case err == nil:
			_ = msg.Ack()
		case errors.As(err, &perm):
			log.Error("dropping message", "subject", d.Subject, "msg_id", d.ID, "err", err)
			_ = msg.Term()
		default:
			log.Warn("handler failed, will redeliver", "subject", d.Subject, "msg_id", d.ID, "attempt", d.Attempt, "err", err)
			_ = msg.NakWithDelay(backoff(d.Attempt))
		}
	})
}

func backoff(attempt uint64) time.Duration {
	d := time.Second << min(attempt, 8)
	return min(d, 5*time.Minute)
}
