// Package notify texts customers, with the reference the caller gives
// or one of its own.
package notify

import (
	"context"

	"example.com/wiredopts/sms"
	"github.com/google/uuid"
)

type sendOptions struct{ clientRef, template string }

// Option adjusts one send.
type Option func(*sendOptions)

// WithClientRef sets the reference the gateway drops a repeat by.
func WithClientRef(ref string) Option { return func(o *sendOptions) { o.clientRef = ref } }

// Log records the texts sent; main wires it.
type Log interface {
	Sent(ctx context.Context, ref, id string) error
}

// Sender texts through the gateway main wires, and records what it sent.
type Sender struct {
	API sms.API
	Log Log
}

// Send texts body to to, under a new reference when the caller gives
// none.
func (s *Sender) Send(ctx context.Context, to, body string, opts ...Option) error {
	o := sendOptions{template: "adhoc"}
	for _, fn := range opts {
		fn(&o)
	}
	if o.clientRef == "" {
		o.clientRef = uuid.NewString() // want `a retry sends a new value as the request's client_reference field, on which its receiver drops a repeat, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(asynq handler Reminders.Remind\)`
	}
	id, err := s.API.SendMessage(ctx, sms.Message{To: to, Body: o.template + ": " + body, ClientReference: o.clientRef})
	if err != nil {
		return err
	}
	return s.Log.Sent(ctx, o.clientRef, id)
}
