// Package billing issues shipper invoices, takes card payments through
// Stripe and reconciles Stripe webhooks.
package billing

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/providers/mailroute"
)

// Repository is the storage the billing services need.
type Repository interface {
	GetInvoice(ctx context.Context, id string) (db.Invoice, error)
	GetShipper(ctx context.Context, id string) (db.Shipper, error)
	CreateInvoiceWithLines(ctx context.Context, inv db.CreateInvoiceParams, lines []db.InvoiceLine) (db.Invoice, error)
	ShippersWithUninvoicedShipments(ctx context.Context) ([]string, error)
	InvoiceDeliveredShipments(ctx context.Context, inv db.CreateInvoiceParams, lineID func() string, after func(pgx.Tx, db.Invoice) error) (db.Invoice, bool, error)
	MarkInvoiceEmailed(ctx context.Context, id string) error
	InsertPayment(ctx context.Context, p db.Payment) error
	SetPaymentStatus(ctx context.Context, paymentIntentID, status string) error
	MarkInvoicePaid(ctx context.Context, id, paymentIntentID string, at time.Time) (int64, error)
	InsertLedgerEntry(ctx context.Context, e db.LedgerEntry) error
	SetShipperStripeCustomer(ctx context.Context, shipperID, customerID string) error
	SetShipperPaymentMethod(ctx context.Context, shipperID, paymentMethodID string, autopay bool) error
}

// IdempotencyStore remembers which resource a client's Idempotency-Key
// produced.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (resourceID string, found bool, err error)
	Save(ctx context.Context, scope, key, resourceID string) error
}

// InvoiceJobs queues follow-up work for a new invoice inside the
// transaction that creates it.
type InvoiceJobs interface {
	EnqueueInvoiceEmailTx(ctx context.Context, tx pgx.Tx, invoiceID string) error
	EnqueueAutopayTx(ctx context.Context, tx pgx.Tx, invoiceID string) error
}

// Mailer sends transactional email.
type Mailer interface {
	Send(ctx context.Context, msg mailroute.Message, idempotencyKey string) (string, error)
}

// PaymentIntents is the Stripe PaymentIntents API (stripe.Client.V1PaymentIntents).
type PaymentIntents interface {
	Create(ctx context.Context, params *stripe.PaymentIntentCreateParams) (*stripe.PaymentIntent, error)
}

// Customers is the Stripe Customers API (stripe.Client.V1Customers).
type Customers interface {
	Create(ctx context.Context, params *stripe.CustomerCreateParams) (*stripe.Customer, error)
}

// PaymentMethods is the Stripe PaymentMethods API (stripe.Client.V1PaymentMethods).
type PaymentMethods interface {
	Attach(ctx context.Context, id string, params *stripe.PaymentMethodAttachParams) (*stripe.PaymentMethod, error)
}

var (
	ErrNotFound          = errors.New("invoice not found")
	ErrAlreadyPaid       = errors.New("invoice is already paid")
	ErrNotPayable        = errors.New("invoice cannot be paid")
	ErrNoBillingProfile  = errors.New("shipper has no billing profile")
	ErrInvalidInvoice    = errors.New("invalid invoice")
	ErrPaymentDeclined   = errors.New("payment declined")
	ErrUnknownShipper    = errors.New("unknown shipper")
	scopeInvoiceCreate   = "invoices.create"
	defaultPaymentTerms  = 30 * 24 * time.Hour
	accessorialMaxAmount = int64(5_000_000)
)
