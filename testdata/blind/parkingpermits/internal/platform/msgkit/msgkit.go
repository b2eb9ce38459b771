// Package msgkit holds the small amount of plumbing shared by the JetStream
// consumers: decoding, ack/nak policy and the handler decorators.
package msgkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Handler processes one decoded message. Returning nil acks the message,
// returning a Permanent error terminates it, anything else naks it for
// redelivery after the consumer's backoff.
type Handler[T any] func(ctx context.Context, meta Meta, payload T) error

// Meta is what handlers need to know about the delivery.
type Meta struct {
	Subject      string
	MsgID        string
	StreamSeq    uint64
	NumDelivered uint64
	Published    time.Time
}

type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Permanent marks err as not worth redelivering.
func Permanent(err error) error { return permanent{err: err} }

// Decode adapts a typed handler to a jetstream.MessageHandler.
func Decode[T any](log *slog.Logger, timeout time.Duration, h Handler[T]) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()

		meta := Meta{Subject: msg.Subject(), MsgID: msg.Headers().Get(jetstream.MsgIDHeader)}
		if md, err := msg.Metadata(); err == nil {
			meta.StreamSeq = md.Sequence.Stream
			meta.NumDelivered = md.NumDelivered
			meta.Published = md.Timestamp
		}
		if meta.MsgID == "" {
			meta.MsgID = fmt.Sprintf("seq-%d", meta.StreamSeq)
		}

		var payload T
		if err := json.Unmarshal(msg.Data(), &payload); err != nil {
			log.Error("undecodable message", "subject", meta.Subject, "seq", meta.StreamSeq, "err", err)
			_ = msg.Term()
			return
		}

		err := h(ctx, meta, payload)
		var perm permanent
		switch {
		case err == nil:
			if ackErr := msg.Ack(); ackErr != nil {
				log.Warn("ack failed", "subject", meta.Subject, "seq", meta.StreamSeq, "err", ackErr)
			}
		case errors.As(err, &perm):
			log.Error("terminating message", "subject", meta.Subject, "seq", meta.StreamSeq, "err", err)
			_ = msg.TermWithReason(err.Error())
		default:
			log.Warn("redelivering message", "subject", meta.Subject, "seq", meta.StreamSeq,
				"delivered", meta.NumDelivered, "err", err)
			_ = msg.NakWithDelay(backoffFor(meta.NumDelivered))
		}
	}
}

func backoffFor(n uint64) time.Duration {
	d := time.Duration(n) * 5 * time.Second
	if d > 2*time.Minute {
		d = 2 * time.Minute
	}
	return d
}
