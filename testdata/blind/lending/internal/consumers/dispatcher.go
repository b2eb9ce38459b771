// Package consumers runs the Kafka consumer group and dispatches records to
// per-topic handlers.
package consumers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/IBM/sarama"
	"go.uber.org/zap"
)

// Handler processes one record. Returning an error leaves the offset
// uncommitted; the record is delivered again after the session restarts.
type Handler func(ctx context.Context, msg *sarama.ConsumerMessage) error

// Registration binds a handler to a topic. Registrations are collected from
// the "consumers" fx group.
type Registration struct {
	Topic   string
	Name    string
	Handler Handler
}

// JSON adapts a typed function into a Handler that decodes the record value.
func JSON[T any](fn func(ctx context.Context, v T) error) Handler {
	return func(ctx context.Context, msg *sarama.ConsumerMessage) error {
		var v T
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			return fmt.Errorf("%w: %v", errPoison, err)
		}
		return fn(ctx, v)
	}
}

var errPoison = fmt.Errorf("undecodable record")

// Dispatcher is the sarama.ConsumerGroupHandler for the worker.
type Dispatcher struct {
	handlers map[string]Registration
	log      *zap.Logger
}

var _ sarama.ConsumerGroupHandler = (*Dispatcher)(nil)

func NewDispatcher(regs []Registration, log *zap.Logger) *Dispatcher {
	m := make(map[string]Registration, len(regs))
	for _, r := range regs {
		m[r.Topic] = r
	}
	return &Dispatcher{handlers: m, log: log}
}

// Topics lists the topics with a registered handler.
func (d *Dispatcher) Topics() []string {
	out := make([]string, 0, len(d.handlers))
	for t := range d.handlers {
		out = append(out, t)
	}
	return out
}

func (d *Dispatcher) Setup(sess sarama.ConsumerGroupSession) error {
	d.log.Info("consumer session started", zap.Int32("generation", sess.GenerationID()))
	return nil
}

func (d *Dispatcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (d *Dispatcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	reg, ok := d.handlers[claim.Topic()]
	if !ok {
		return fmt.Errorf("no handler for topic %s", claim.Topic())
	}
	for {
		select {
		case <-sess.Context().Done():
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			log := d.log.With(
				zap.String("consumer", reg.Name),
				zap.String("topic", msg.Topic),
				zap.Int32("partition", msg.Partition),
				zap.Int64("offset", msg.Offset),
			)
			if err := reg.Handler(sess.Context(), msg); err != nil {
				if isPoison(err) {
					log.Error("dropping undecodable record", zap.Error(err))
					sess.MarkMessage(msg, "")
					continue
				}
				log.Error("handler failed; record will be redelivered", zap.Error(err))
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}

func isPoison(err error) bool {
	for e := err; e != nil; {
		if e == errPoison {
			return true
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		e = u.Unwrap()
	}
	return false
}
