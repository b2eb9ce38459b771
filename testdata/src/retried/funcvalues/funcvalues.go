// Package funcvalues holds functions that reach retried paths as values:
// stored in struct fields, wrapped by router adapters, listed in tables
// that a loop registers.
package funcvalues

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// A consumer keeps its message handler in a field, set by its
// constructor, and calls it from the HTTP push endpoint.
type consumer struct {
	onMessage func(ctx context.Context, body []byte) error
}

func newConsumer() *consumer {
	c := &consumer{}
	c.onMessage = c.handle // want `root: HTTP handler funcvalues.consumer.handle, bound at funcvalues.go:21:18`
	return c
}

func (c *consumer) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want `root: HTTP handler consumer.ServeHTTP`
	c.onMessage(r.Context(), nil)
}

func (c *consumer) handle(ctx context.Context, body []byte) error { // want `reached from HTTP handler consumer.ServeHTTP through 1 calls`
	return nil
}

// adapt wraps a handler that returns an error as an HTTP handler: the
// handler it is given runs in the HTTP handler it returns.
func adapt(fn func(r *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { // want `root: HTTP handler func literal in adapt`
		if err := fn(r); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

type server struct{}

func (s *server) createOrder(r *http.Request) error { return nil } // want `root: HTTP handler server.createOrder`

func (s *server) listOrders(r *http.Request) error { return nil } // want `root: HTTP handler server.listOrders`

func routes(s *server, mux *http.ServeMux) {
	mux.Handle("POST /orders", adapt(s.createOrder))
	mux.Handle("GET /orders", adapt(s.listOrders))
}

// A table of task handlers, registered in a loop.
type taskDef struct {
	Pattern string
	Handle  func(ctx context.Context, t *asynq.Task) error
}

func chargeCard(ctx context.Context, t *asynq.Task) error { return nil } // want `root: asynq handler chargeCard`

func sendReceipt(ctx context.Context, t *asynq.Task) error { return nil } // want `root: asynq handler sendReceipt`

var tasks = []taskDef{
	{"payment:charge", chargeCard},
	{"email:receipt", sendReceipt},
}

func registerAll(mux *asynq.ServeMux) {
	for _, d := range tasks {
		mux.HandleFunc(d.Pattern, d.Handle)
	}
}

// notRetried is stored in a field that no retried path calls.
type cron struct{ job func() }

func (c *cron) run() { c.job() }

func nightly() {}

func schedule() *cron { return &cron{job: nightly} }

// goRun runs the function it is given: a retried path that calls it
// reaches the function it passes, not every function passed to it.
func goRun(f func()) { // want `reached from HTTP handler consumer.Flush through 1 calls`
	go func() { f() }() // want `reached from HTTP handler consumer.Flush through 1 calls`
}

func (c *consumer) Flush(w http.ResponseWriter, r *http.Request) { // want `root: HTTP handler consumer.Flush`
	goRun(flushOne)
}

func flushOne() {} // want `reached from HTTP handler consumer.Flush through 2 calls`

func background() { goRun(compact) }

func compact() {}
