package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/config"
)

// ErrPermanent marks a handler error that redelivery cannot fix; the message
// is terminated instead of nak'ed.
var ErrPermanent = errors.New("permanent failure")

func Permanent(err error) error { return fmt.Errorf("%w: %w", ErrPermanent, err) }

// Delivery describes one delivery of a message to a handler.
type Delivery struct {
	Subject      string
	MsgID        string
	NumDelivered uint64
	Timestamp    time.Time
}

type HandlerFunc func(ctx context.Context, d Delivery, data []byte) error

// Binding attaches a handler to a durable consumer on one subject.
type Binding struct {
	Durable    string
	Subject    string
	MaxDeliver int
	AckWait    time.Duration
	Handle     HandlerFunc
}

// JSON adapts a typed handler to a HandlerFunc by decoding the payload.
func JSON[T any](fn func(ctx context.Context, d Delivery, evt T) error) HandlerFunc {
	return func(ctx context.Context, d Delivery, data []byte) error {
		var evt T
		if err := json.Unmarshal(data, &evt); err != nil {
			return Permanent(fmt.Errorf("decode %s: %w", d.Subject, err))
		}
		return fn(ctx, d, evt)
	}
}

type RunnerParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	JS        jetstream.JetStream
	Config    config.Config
	Log       *slog.Logger
	Bindings  []Binding `group:"bindings"`
}

type Runner struct {
	js       jetstream.JetStream
	stream   string
	log      *slog.Logger
	bindings []Binding
	running  []jetstream.ConsumeContext
}

func NewRunner(p RunnerParams) *Runner {
	r := &Runner{js: p.JS, stream: p.Config.StreamName, log: p.Log, bindings: p.Bindings}
	p.Lifecycle.Append(fx.Hook{OnStart: r.start, OnStop: r.stop})
	return r
}

func (r *Runner) start(ctx context.Context) error {
	for _, b := range r.bindings {
		if b.MaxDeliver == 0 {
			b.MaxDeliver = 20
		}
		if b.AckWait == 0 {
			b.AckWait = 30 * time.Second
		}
		cons, err := r.js.CreateOrUpdateConsumer(ctx, r.stream, jetstream.ConsumerConfig{
			Durable:       b.Durable,
			FilterSubject: b.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       b.AckWait,
			MaxDeliver:    b.MaxDeliver,
			DeliverPolicy: jetstream.DeliverAllPolicy,
		})
		if err != nil {
			return fmt.Errorf("consumer %s: %w", b.Durable, err)
		}
		cc, err := cons.Consume(r.dispatch(b))
		if err != nil {
			return fmt.Errorf("consume %s: %w", b.Durable, err)
		}
		r.running = append(r.running, cc)
		r.log.Info("consumer started", "durable", b.Durable, "subject", b.Subject)
	}
	return nil
}

func (r *Runner) stop(context.Context) error {
	for _, cc := range r.running {
		cc.Stop()
	}
	return nil
}

func (r *Runner) dispatch(b Binding) jetstream.MessageHandler {
	log := r.log.With("durable", b.Durable)
	return func(msg jetstream.Msg) {
		d := Delivery{Subject: msg.Subject(), MsgID: msg.Headers().Get(jetstream.MsgIDHeader)}
		if md, err := msg.Metadata(); err == nil {
			d.NumDelivered = md.NumDelivered
			d.Timestamp = md.Timestamp
		}
		ctx, cancel := context.WithTimeout(context.Background(), b.AckWait)
		defer cancel()

		err := b.Handle(ctx, d, msg.Data())
		switch {
		case err == nil:
			if ackErr := msg.Ack(); ackErr != nil {
				log.Warn("ack failed", "err", ackErr)
			}
		case errors.Is(err, ErrPermanent):
			log.Error("message terminated", "msg_id", d.MsgID, "err", err)
			_ = msg.Term()
		default:
			delay := time.Duration(d.NumDelivered) * 2 * time.Second
			log.Warn("handler failed, redelivering", "msg_id", d.MsgID, "attempt", d.NumDelivered, "err", err)
			_ = msg.NakWithDelay(delay)
		}
	}
}
