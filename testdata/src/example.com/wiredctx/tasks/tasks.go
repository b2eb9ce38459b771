// Package tasks runs the orders' tasks, each decoded from its payload
// by a generic adapter of the package.
package tasks

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
)

// Orders redoes and repeats orders.
type Orders interface {
	Redo(ctx context.Context, total int64) error
	Repeat(ctx context.Context, total int64) error
	Again(ctx context.Context, total int64) error
	Route(ctx context.Context, total int64) error
}

type payload struct {
	Total int64 `json:"total"`
}

// typed adapts a handler of a decoded payload to asynq's handler type:
// the task, and its ID, are in scope where it calls the handler.
func typed[P any](fn func(ctx context.Context, p P) error) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

// detached does the same, but calls the handler in one of two places:
// a wrap at one would leave the other's context without the key, but
// the task's ID, which asynq puts in the context, reaches both.
func detached[P any](fn func(ctx context.Context, p P) error) func(context.Context, *asynq.Task) error {
	return func(ctx context.Context, t *asynq.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return err
		}
		if len(t.Payload()) > 1024 {
			return fn(context.WithoutCancel(ctx), p)
		}
		return fn(ctx, p)
	}
}

// Tasks holds the orders' task handlers.
type Tasks struct{ Orders Orders }

func (t *Tasks) redo(ctx context.Context, p payload) error { return t.Orders.Redo(ctx, p.Total) }

func (t *Tasks) repeat(ctx context.Context, p payload) error { return t.Orders.Repeat(ctx, p.Total) }

func (t *Tasks) again(ctx context.Context, p payload) error { return t.Orders.Again(ctx, p.Total) }

// againEach orders again once per total, in the context the adapter
// passes every handler: a key put there for again would name each turn.
func (t *Tasks) againEach(ctx context.Context, p []payload) error {
	for _, x := range p {
		if err := t.Orders.Again(ctx, x.Total); err != nil {
			return err
		}
	}
	return nil
}

// Mux registers the handlers.
func (t *Tasks) Mux() *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc("orders:redo", typed(t.redo))
	mux.HandleFunc("orders:repeat", detached(t.repeat))
	mux.HandleFunc("orders:again", typed(t.again))
	mux.HandleFunc("orders:again-each", typed(t.againEach))
	return mux
}

// Router runs the handler its table holds for a task's type, with the
// task in scope where it calls it.
type Router struct {
	routes map[string]func(ctx context.Context, body []byte) error
}

// NewRouter routes the orders' tasks.
func NewRouter(t *Tasks) *Router {
	return &Router{routes: map[string]func(ctx context.Context, body []byte) error{
		"orders:route": t.route,
	}}
}

// ProcessTask runs the task's handler.
func (r *Router) ProcessTask(ctx context.Context, task *asynq.Task) error {
	h, ok := r.routes[task.Type()]
	if !ok {
		return nil
	}
	return h(ctx, task.Payload())
}

func (t *Tasks) route(ctx context.Context, body []byte) error {
	var p payload
	if err := json.Unmarshal(body, &p); err != nil {
		return err
	}
	return t.Orders.Route(ctx, p.Total)
}
