// Package xdooptsuse refunds payments for a queue's requests.
package xdooptsuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xdoopts"
)

// Refunds refunds.
type Refunds struct {
	GC *xdoopts.Client
}

// Refund refunds the request's payment with no key.
func (s *Refunds) Refund(ctx context.Context, t *asynq.Task) error {
	_, err := s.GC.CreateRefund(ctx, xdoopts.RefundParams{Amount: 100, Payment: string(t.Payload())}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header: Client.do\(\) in xdoopts.Client.CreateRefund \(xdoopts.go:\d+:\d+\) \(asynq handler Refunds.Refund\)`
	return err
}

// RefundKeyed refunds it under the task's ID.
func (s *Refunds) RefundKeyed(ctx context.Context, t *asynq.Task) error {
	_, err := s.GC.CreateRefund(ctx, xdoopts.RefundParams{Amount: 100, Payment: string(t.Payload())}, xdoopts.WithIdempotencyKey(t.ResultWriter().TaskID()))
	return err
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, s *Refunds) {
	mux.HandleFunc("refund", s.Refund)
	mux.HandleFunc("refund:keyed", s.RefundKeyed)
}
