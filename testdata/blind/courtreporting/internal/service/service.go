// Package service declares the application services the HTTP handlers and
// the workers call, and the provider ports those services depend on.
package service

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/provider/mailer"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
	"github.com/stenoline-legal/depobook/internal/provider/stripepay"
	"github.com/stenoline-legal/depobook/internal/queue"
)

// Bookings covers scheduling: intake, rush upgrades, reporter assignment
// and the confirmations that go with them.
type Bookings interface {
	Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error)
	Rush(ctx context.Context, in RushInput) (*domain.Booking, error)
	OrderCopies(ctx context.Context, in CopyOrderInput) (*domain.CopyOrder, error)
	AcceptAssignment(ctx context.Context, in AcceptInput) (*domain.Assignment, error)
	HandleInboundSMS(ctx context.Context, msg sms.Inbound) error

	AssignReporter(ctx context.Context, bookingID string) error
	SendConfirmation(ctx context.Context, bookingID string) error
}

// Transcripts covers submission by the reporter and delivery to the portal.
type Transcripts interface {
	Submit(ctx context.Context, in SubmitTranscriptInput) (*domain.Transcript, error)
	Redeliver(ctx context.Context, in RedeliverInput) (*RedeliverResult, error)
	Deliver(ctx context.Context, p queue.DeliverPayload) error
	HandlePortalEvent(ctx context.Context, evt portal.Event) error
}

// Billing covers invoicing and card payments.
type Billing interface {
	PayInvoice(ctx context.Context, in PayInvoiceInput) (*PaymentResult, error)
	GenerateInvoice(ctx context.Context, bookingID string) error
	RunAutocharge(ctx context.Context, now time.Time, limit int) (AutochargeSummary, error)
	HandleStripeEvent(ctx context.Context, evt stripe.Event) error
}

// Payroll closes reporter pay periods.
type Payroll interface {
	ClosePeriod(ctx context.Context, period string) (*PayrollSummary, error)
}

// Alerts sends rush notifications to firms.
type Alerts interface {
	SendRushAlert(ctx context.Context, p queue.RushAlertPayload) error
}

type CreateBookingInput struct {
	FirmID         string
	IdempotencyKey string
	AttorneyID     string
	CaseCaption    string
	Deponent       string
	Location       string
	Region         string
	StartsAt       time.Time
	ExpectedHours  int
}

type RushInput struct {
	FirmID         string
	BookingID      string
	TurnaroundDays int
}

type CopyOrderInput struct {
	FirmID     string
	BookingID  string
	AttorneyID string
	Copies     int
	Format     string
}

type AcceptInput struct {
	ReporterID   string
	AssignmentID string
}

type SubmitTranscriptInput struct {
	ReporterID   string
	TranscriptID string
	Pages        int
	FileKey      string
}

type RedeliverInput struct {
	FirmID       string
	TranscriptID string
	RequestKey   string
}

type RedeliverResult struct {
	TranscriptID string `json:"transcript_id"`
	Version      int    `json:"version"`
	Queued       bool   `json:"queued"`
}

type PayInvoiceInput struct {
	FirmID          string
	InvoiceID       string
	PaymentMethodID string
	// ChargeRef is forwarded to the card processor as its request key.
	ChargeRef string
}

type PaymentResult struct {
	InvoiceID       string `json:"invoice_id"`
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents"`
	InvoiceStatus   string `json:"invoice_status"`
}

type AutochargeSummary struct {
	Considered int
	Charged    int
	Declined   int
	Failed     int
}

type PayrollSummary struct {
	Period     string
	Statements int
	TotalCents int64
	Skipped    bool
}

// CardProcessor is implemented by stripepay.Client.
type CardProcessor interface {
	Charge(ctx context.Context, req stripepay.ChargeRequest) (*stripepay.ChargeResult, error)
}

// Portal is implemented by portal.Client.
type Portal interface {
	OpenMatter(ctx context.Context, req portal.MatterRequest, opts ...portal.CallOption) (*portal.Matter, error)
	CreateDelivery(ctx context.Context, req portal.DeliveryRequest, opts ...portal.CallOption) (*portal.Delivery, error)
	GrantShare(ctx context.Context, matterID, email, role string) (*portal.Share, error)
}

// SMS is implemented by sms.Client.
type SMS interface {
	Send(ctx context.Context, m sms.Message) (*sms.Sent, error)
}

// Mailer is implemented by mailer.Client.
type Mailer interface {
	Send(ctx context.Context, e mailer.Email) (string, error)
}

// Clock is injected so batch jobs can be rerun for a given day.
type Clock func() time.Time
