// Package service holds the resort's business operations. Handlers, task
// workers and scheduled jobs call these; they in turn reach Postgres through
// the store repositories and partners through the interfaces below.
package service

import (
	"context"
	"errors"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/summitline/skipass/internal/provider/cardissuer"
	"github.com/summitline/skipass/internal/provider/invoicing"
	"github.com/summitline/skipass/internal/provider/mailer"
	"github.com/summitline/skipass/internal/provider/stripepay"
)

// Payments is implemented by *stripepay.Client.
type Payments interface {
	CreatePaymentIntent(ctx context.Context, in stripepay.PaymentIntentInput, opts ...stripepay.CallOption) (*stripe.PaymentIntent, error)
	GetPaymentIntent(ctx context.Context, id string) (*stripe.PaymentIntent, error)
	Refund(ctx context.Context, in stripepay.RefundInput, opts ...stripepay.CallOption) (*stripe.Refund, error)
}

// CardIssuer is implemented by *cardissuer.Client.
type CardIssuer interface {
	Encode(ctx context.Context, req cardissuer.EncodeRequest, idempotencyKey string) (*cardissuer.EncodeJob, error)
	Reprint(ctx context.Context, req cardissuer.ReprintRequest) (*cardissuer.ReprintJob, error)
	Block(ctx context.Context, cardUID, reason string) error
	CreateShipment(ctx context.Context, req cardissuer.ShipmentRequest) (*cardissuer.Shipment, error)
}

// Invoicer is implemented by *invoicing.Client.
type Invoicer interface {
	CreateInvoice(ctx context.Context, inv invoicing.Invoice, opts ...invoicing.RequestOption) (*invoicing.Issued, error)
}

// TextSender is implemented by *sms.Client.
type TextSender interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// Mailer is implemented by *mailer.Client.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message, key string) error
}

// Clock lets jobs run "as of" a given time.
type Clock func() time.Time

// Errors returned to handlers; they map them to HTTP statuses.
var (
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrSoldOut      = errors.New("sold out")
	ErrInvalid      = errors.New("invalid request")
	ErrInsufficient = errors.New("insufficient points")
)
