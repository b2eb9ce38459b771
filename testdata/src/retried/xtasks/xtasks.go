// Package xtasks mounts typed task handlers on an asynq mux, decorated
// by middleware, through a generic helper of its own.
package xtasks

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
)

// Handler handles one decoded payload.
type Handler[T any] func(ctx context.Context, p T) error

// Middleware decorates a handler.
type Middleware[T any] func(Handler[T]) Handler[T]

// Chain decorates h with mws, the first outermost.
func Chain[T any](h Handler[T], mws ...Middleware[T]) Handler[T] {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// Adapt turns a typed handler into an asynq handler.
func Adapt[T any](h Handler[T]) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error { // want `root: asynq handler func literal in Adapt`
		var p T
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return err
		}
		return h(ctx, p)
	}
}

// Register decorates h with mws and mounts it on mux.
func Register[T any](mux *asynq.ServeMux, typ string, h Handler[T], mws ...Middleware[T]) {
	mux.Handle(typ, Adapt(Chain(h, mws...)))
}

// Describe names a task type for logs: it mounts nothing.
func Describe[T any](typ string, h Handler[T]) string {
	return typ
}
