// Package xpairuse submits invoices from a job queue.
package xpairuse

import (
	"context"

	"github.com/hibiken/asynq"

	"missingkey/xpairclient"
)

// Worker submits invoices.
type Worker struct {
	Billing *xpairclient.Client
}

// Submit books the invoice with no key.
func (w *Worker) Submit(ctx context.Context, t *asynq.Task) error {
	return w.Billing.SubmitInvoice(ctx, xpairclient.Invoice{Number: string(t.Payload())}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the invoice's number keys it.
func (w *Worker) SubmitKeyed(ctx context.Context, t *asynq.Task) error {
	number := string(t.Payload())
	return w.Billing.SubmitInvoice(ctx, xpairclient.Invoice{Number: number}, xpairclient.WithIdempotencyKey("invoice-"+number))
}

// Credit issues the credit note with an empty key.
func (w *Worker) Credit(ctx context.Context, t *asynq.Task) error {
	return w.Billing.CreditNote(ctx, string(t.Payload()), "") // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header`
}

// Negative: the credit note's number keys it.
func (w *Worker) CreditKeyed(ctx context.Context, t *asynq.Task) error {
	number := string(t.Payload())
	return w.Billing.CreditNote(ctx, number, "credit-"+number)
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("invoice:submit", w.Submit)
	mux.HandleFunc("invoice:submit-keyed", w.SubmitKeyed)
	mux.HandleFunc("invoice:credit", w.Credit)
	mux.HandleFunc("invoice:credit-keyed", w.CreditKeyed)
}
