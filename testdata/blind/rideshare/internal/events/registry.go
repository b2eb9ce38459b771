// Package events is the JetStream plumbing: inbound handler registry with a
// typed decode adapter, the pull-consumer runner and the publisher.
package events

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
)

// Meta is what the handlers may use about the delivery itself.
type Meta struct {
	Subject      string
	MsgID        string
	StreamSeq    uint64
	ConsumerSeq  uint64
	NumDelivered uint64
	Published    time.Time
}

// Message is an inbound delivery.
type Message struct {
	Meta    Meta
	Data    []byte
	Headers nats.Header
}

// HandlerFunc handles one delivery. Returning nil acks the message; a
// Permanent error terminates it; any other error naks it for redelivery.
type HandlerFunc func(ctx context.Context, m Message) error

// Routes maps subjects to handlers.
type Routes map[string]HandlerFunc

type permanentError struct{ err error }

func (p permanentError) Error() string { return p.err.Error() }
func (p permanentError) Unwrap() error { return p.err }

// Permanent marks err as not worth redelivering.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanentError{err: err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}

// validator is implemented by payloads that can check themselves.
type validator interface {
	Validate() error
}

// Decode adapts a typed handler to a HandlerFunc by unmarshalling the JSON
// payload into T (and validating it when T implements Validate).
func Decode[T any](fn func(ctx context.Context, meta Meta, evt T) error) HandlerFunc {
	return func(ctx context.Context, m Message) error {
		var evt T
		if err := json.Unmarshal(m.Data, &evt); err != nil {
			return Permanent(fmt.Errorf("decode %s payload: %w", m.Meta.Subject, err))
		}
		if v, ok := any(&evt).(validator); ok {
			if err := v.Validate(); err != nil {
				return Permanent(fmt.Errorf("invalid %s payload: %w", m.Meta.Subject, err))
			}
		}
		return fn(ctx, m.Meta, evt)
	}
}
