// Package xjsrun runs one JetStream consumer per subject of the routes a
// composition root hands it: nothing here names a handler.
package xjsrun

import (
	"context"
	"encoding/json"

	"github.com/nats-io/nats.go/jetstream"
)

// A Message is what a handler is given of a delivery.
type Message struct {
	MsgID string
	Data  []byte
}

// HandlerFunc handles one delivery.
type HandlerFunc func(ctx context.Context, m Message) error

// Routes maps subjects to handlers.
type Routes map[string]HandlerFunc

// Decode adapts a handler of a typed event.
func Decode[T any](fn func(ctx context.Context, m Message, evt T) error) HandlerFunc {
	return func(ctx context.Context, m Message) error {
		var evt T
		if err := json.Unmarshal(m.Data, &evt); err != nil {
			return nil
		}
		return fn(ctx, m, evt)
	}
}

// Runner consumes its routes.
type Runner struct {
	routes  Routes
	consume func(subject string, h func(jetstream.Msg))
}

// NewRunner makes a runner of the routes another package builds.
func NewRunner(routes Routes, consume func(subject string, h func(jetstream.Msg))) *Runner {
	return &Runner{routes: routes, consume: consume}
}

// Run starts a consumer per subject.
func (r *Runner) Run() {
	for subject, h := range r.routes {
		r.consume(subject, r.dispatch(h))
	}
}

// dispatch acks a delivery when its handler succeeds: a failure
// delivers it again.
func (r *Runner) dispatch(h HandlerFunc) func(jetstream.Msg) {
	return func(msg jetstream.Msg) {
		if err := h(context.Background(), Message{MsgID: msg.Headers().Get("Nats-Msg-Id"), Data: msg.Data()}); err != nil {
			return
		}
		msg.Ack()
	}
}
