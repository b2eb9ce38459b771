// Package provider declares the outbound integrations the services call.
package provider

import (
	"context"
	"time"
)

// Payments is the card processor (Stripe).
type Payments interface {
	CreateDepositIntent(ctx context.Context, req DepositIntent) (PaymentIntent, error)
	ChargeSavedMethod(ctx context.Context, req SavedMethodCharge) (PaymentIntent, error)
	Refund(ctx context.Context, req RefundRequest) (Refund, error)
}

// Request options shared by the payment calls. IdempotencyKey is sent as
// Stripe's Idempotency-Key header when set.
type RequestOptions struct {
	IdempotencyKey string
}

type DepositIntent struct {
	RequestOptions
	CustomerID    string
	AmountCents   int64
	Currency      string
	ReservationID string
	Description   string
}

type SavedMethodCharge struct {
	RequestOptions
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
}

type RefundRequest struct {
	RequestOptions
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
}

type PaymentIntent struct {
	ID           string
	Status       string
	ClientSecret string
	AmountCents  int64
}

type Refund struct {
	ID     string
	Status string
}

// FuneralHome is the partner network that books grave openings with the
// funeral home handling the service.
type FuneralHome interface {
	Book(ctx context.Context, req BookingRequest, opts ...CallOption) (Booking, error)
	Reschedule(ctx context.Context, bookingRef string, at time.Time, opts ...CallOption) error
}

type BookingRequest struct {
	FuneralHomeID string    `json:"funeral_home_id"`
	CemeteryRef   string    `json:"cemetery_ref"`
	PlotRef       string    `json:"plot_ref"`
	DecedentName  string    `json:"decedent_name"`
	ServiceAt     time.Time `json:"service_at"`
}

type Booking struct {
	Ref    string `json:"booking_ref"`
	Status string `json:"status"`
}

// CallOption adjusts a single partner call.
type CallOption func(*CallSettings)

type CallSettings struct {
	IdempotencyKey string
	// Subject is the record the call is about; used for call logging.
	Subject string
}

// WithIdempotencyKey sets the partner's Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(s *CallSettings) { s.IdempotencyKey = key }
}

// WithSubject names the local record a call concerns.
func WithSubject(id string) CallOption {
	return func(s *CallSettings) { s.Subject = id }
}

// Apply folds opts into a CallSettings.
func Apply(opts []CallOption) CallSettings {
	var s CallSettings
	for _, o := range opts {
		o(&s)
	}
	return s
}

// Engraver is the monument workshop that cuts inscriptions.
type Engraver interface {
	SubmitOrder(ctx context.Context, req EngravingRequest) (EngravingReceipt, error)
}

type EngravingRequest struct {
	// ClientReference is deduplicated by the vendor: a second submission
	// with the same reference returns the original order.
	ClientReference string `json:"client_reference"`
	Inscription     string `json:"inscription"`
	Typeface        string `json:"typeface"`
	Material        string `json:"material"`
	DeliverTo       string `json:"deliver_to"`
}

type EngravingReceipt struct {
	OrderRef string `json:"order_ref"`
	ProofURL string `json:"proof_url"`
	Status   string `json:"status"`
}

// SMS sends text messages.
type SMS interface {
	Send(ctx context.Context, to, body string) (messageID string, err error)
}
