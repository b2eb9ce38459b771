package funcvalues

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"

	"retried/funcsvc"
)

// A generic adapter decodes the task's payload and calls the typed
// function it wraps; the handlers are built from a table of
// constructors and registered in a loop.

type paidPayload struct{ OrderID string }

type payouts interface{ Record(ctx context.Context, id string) error }

func typed[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error { // want `root: asynq handler func literal in typed`
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

func handlePaid(pay payouts) asynq.HandlerFunc {
	return typed(func(ctx context.Context, p paidPayload) error { // want `root: asynq handler func literal in handlePaid`
		step() // want `step on retried path`
		return pay.Record(ctx, p.OrderID)
	})
}

var typedRoutes = []struct {
	typ   string
	build func(payouts) asynq.HandlerFunc
}{
	{"order:paid", func(p payouts) asynq.HandlerFunc { return handlePaid(p) }},
}

func registerTyped(mux *asynq.ServeMux, p payouts) {
	for _, r := range typedRoutes {
		mux.HandleFunc(r.typ, r.build(p))
	}
}

func step() {} // want `reached from asynq handler func literal in handlePaid through 1 calls`

// An adapter that wraps another: plain hands the function it is given
// to decode inside a literal of its own, and decode's literal is the
// handler registered. The method bound to the interface is the
// operation, two adapters down.

type refunds interface {
	Refund(ctx context.Context, p paidPayload) error
}

func decode[P any](fn func(ctx context.Context, t *asynq.Task, p P) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error { // want `root: asynq handler func literal in decode`
		var p P
		if err := json.Unmarshal(t.Payload(), &p); err != nil {
			return err
		}
		return fn(ctx, t, p)
	}
}

func plain[P any](fn func(ctx context.Context, p P) error) asynq.HandlerFunc {
	return decode(func(ctx context.Context, _ *asynq.Task, p P) error { // want `root: asynq handler func literal in plain`
		return fn(ctx, p)
	})
}

func registerPlain(mux *asynq.ServeMux, r refunds) {
	mux.HandleFunc("order:refund", plain(r.Refund)) // want `root: asynq handler funcvalues.refunds.Refund, bound at typed.go:\d+:\d+`
}

// A method of another package's service type, bound the same way: the
// wrapper SSA makes for it is the root.
func registerVoid(mux *asynq.ServeMux, svc *funcsvc.Service) {
	mux.HandleFunc("order:void", plain(svc.Void)) // want `root: asynq handler funcsvc.Service.Void, bound at typed.go:\d+:\d+`
}

// The same two adapters, the outer one not generic, in a table a
// method returns and a loop registers with Handle: the method bound to
// the interface field is the operation.

type reminders interface {
	Remind(ctx context.Context, id string) error
}

type tableHandlers struct{ rem reminders }

func byOrder(fn func(context.Context, string) error) asynq.HandlerFunc {
	return decode(func(ctx context.Context, _ *asynq.Task, p paidPayload) error {
		return fn(ctx, p.OrderID)
	})
}

func (h *tableHandlers) table() map[string]asynq.HandlerFunc {
	return map[string]asynq.HandlerFunc{
		"order:remind": byOrder(h.rem.Remind), // want `root: asynq handler func literal in byOrder` `root: asynq handler funcvalues.reminders.Remind, bound at typed.go:\d+:\d+`
	}
}

func registerTable(mux *asynq.ServeMux, h *tableHandlers) {
	for name, fn := range h.table() {
		mux.Handle(name, fn)
	}
}
