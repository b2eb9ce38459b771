package funcvalues

import (
	"context"
	"net/http"
)

// A webhook receiver that runs the handler its table names for the
// event's type inside a unit of work, after the inbox's claim: the
// handler's writes join that work, so it is reached from the receiver
// and is no operation of its own.
type txRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type receiver struct {
	tx       txRunner
	handlers map[string]func(ctx context.Context, body []byte) error
}

func newReceiver(tx txRunner) *receiver {
	r := &receiver{tx: tx}
	r.handlers = map[string]func(ctx context.Context, body []byte) error{
		"paid": r.onPaid,
	}
	return r
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) { // want `root: HTTP handler receiver.ServeHTTP`
	handle, ok := r.handlers[req.URL.Query().Get("type")]
	if !ok {
		return
	}
	r.tx.WithTx(req.Context(), func(ctx context.Context) error { // want `reached from HTTP handler receiver.ServeHTTP through 0 calls`
		return handle(ctx, nil)
	})
}

func (r *receiver) onPaid(ctx context.Context, body []byte) error { // want `reached from HTTP handler receiver.ServeHTTP through 1 calls`
	return nil
}
