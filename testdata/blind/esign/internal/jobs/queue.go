// Package jobs holds the River workers and the queue adapter used by the
// services to enqueue work.
package jobs

import (
	"context"
	"fmt"
	"net/url"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/config"
)

// Queue adapts a River client to app.JobQueue.
type Queue struct {
	client *river.Client[pgx.Tx]
}

var _ app.JobQueue = (*Queue)(nil)

// NewQueue returns a Queue on client.
func NewQueue(client *river.Client[pgx.Tx]) *Queue { return &Queue{client: client} }

func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.client.Insert(ctx, args, opts)
	return err
}

func (q *Queue) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.client.InsertTx(ctx, tx, args, opts)
	return err
}

func (q *Queue) InsertMany(ctx context.Context, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	_, err := q.client.InsertMany(ctx, params)
	return err
}

func (q *Queue) InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	_, err := q.client.InsertManyTx(ctx, tx, params)
	return err
}

// Links builds the URLs put in e-mails and texts.
type Links struct {
	base string
}

// NewLinks returns Links rooted at the app's base URL.
func NewLinks(cfg config.Config) Links { return Links{base: cfg.AppBaseURL} }

// SigningURL is where a signer opens the envelope.
func (l Links) SigningURL(envelopeID, signerID string) string {
	return fmt.Sprintf("%s/sign/%s/%s", l.base, url.PathEscape(envelopeID), url.PathEscape(signerID))
}

// EnvelopeURL is the sender's view of an envelope.
func (l Links) EnvelopeURL(envelopeID string) string {
	return fmt.Sprintf("%s/envelopes/%s", l.base, url.PathEscape(envelopeID))
}

// InvoiceURL is the account's invoice page.
func (l Links) InvoiceURL(invoiceID string) string {
	return fmt.Sprintf("%s/billing/invoices/%s", l.base, url.PathEscape(invoiceID))
}
