// Package app declares the services used by the HTTP handlers and workers and
// the repository and provider interfaces those services depend on.
// Implementations live in internal/app/<service>, internal/store and
// internal/providers.
package app

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/store/queries"
)

// Database runs queries in autocommit mode and opens transactions.
type Database interface {
	queries.DBTX
	InTx(ctx context.Context, fn func(tx pgx.Tx) error) error
}

// JobQueue enqueues background jobs.
type JobQueue interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) error
	InsertMany(ctx context.Context, params []river.InsertManyParams) error
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) error
}

// SMSSender sends text messages. The provider has no deduplication.
type SMSSender interface {
	SendSMS(ctx context.Context, to, body string) (messageID string, err error)
}

// Mail is one transactional e-mail.
type Mail struct {
	To       string
	ReplyTo  string
	Subject  string
	Text     string
	HTML     string
	Tag      string
	Metadata map[string]string
	// IdempotencyKey is forwarded to the provider, which drops a second
	// request with the same key for 24 hours.
	IdempotencyKey string
}

// Mailer sends transactional e-mail.
type Mailer interface {
	Send(ctx context.Context, m Mail) (messageID string, err error)
}

// ChargeRequest is an off-session card payment.
type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

// ChargeResult is the payment intent created for a ChargeRequest.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
}

// CardCharger takes card payments.
type CardCharger interface {
	Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error)
}

// WebhookRequest is one signed POST to a customer endpoint.
type WebhookRequest struct {
	URL        string
	Secret     string
	DeliveryID string
	Event      string
	Body       []byte
}

// WebhookPoster POSTs to customer endpoints.
type WebhookPoster interface {
	Post(ctx context.Context, req WebhookRequest) (statusCode int, err error)
}

// IdempotencyStore keeps API responses by Idempotency-Key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, accountID, key string) (*queries.StoredResponse, error)
	Save(ctx context.Context, accountID, key string, r queries.StoredResponse) error
}

// ProcessedEvents tracks handled Stripe webhook events.
type ProcessedEvents interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, eventID, eventType string) error
}

// UsageRepo updates billed usage.
type UsageRepo interface {
	MarkInvoiced(ctx context.Context, invoiceID string, usageIDs []string) error
}

// Clock returns the current time; swapped in tests.
type Clock func() time.Time
