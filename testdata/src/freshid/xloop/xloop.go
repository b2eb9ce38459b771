// Package xloop is a consumer loop written once: its callers in other
// packages hand it the handler that does each delivery's work.
package xloop

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/segmentio/kafka-go"
)

// Handler does one delivery's work.
type Handler func(ctx context.Context, m kafka.Message) error

// Run fetches messages and commits each after handle returns nil.
func Run(ctx context.Context, r *kafka.Reader, handle Handler) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, m); err != nil {
			continue
		}
		r.CommitMessages(ctx, m)
	}
}

// Each calls its function once per element, with no delivery: no root.
func Each(items []string, do func(string)) {
	for _, it := range items {
		do(it)
	}
}

// Registry keeps typed event handlers for a watermill router.
type Registry struct {
	fns []message.NoPublishHandlerFunc
}

// Handle registers fn, which runs once per delivery with the message's
// payload decoded.
func Handle[T any](r *Registry, fn func(ctx context.Context, evt T, msg *message.Message) error) {
	r.fns = append(r.fns, func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return nil
		}
		return fn(msg.Context(), evt, msg)
	})
}

// Deferred returns a function that calls fn: no delivery, no root.
func Deferred(fn func(ctx context.Context)) func() {
	return func() { fn(context.Background()) }
}

// Adapt wraps a typed handler in an HTTP handler that decodes the
// request for it.
func Adapt[Req any](status int, fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req Req
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := fn(r.Context(), req); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(status)
	}
}

// Created is Adapt answering 201: it hands fn on.
func Created[Req any](fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return Adapt(http.StatusCreated, fn)
}

// Accepted hands fn on to Created, which hands it on to Adapt.
func Accepted[Req any](fn func(ctx context.Context, req Req) error) http.HandlerFunc {
	return Created(fn)
}

// Later hands fn on to Deferred, which no delivery runs: no root.
func Later(fn func(ctx context.Context)) func() {
	return Deferred(fn)
}
