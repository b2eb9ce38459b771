// Package service holds the business logic behind the HTTP API, the task
// worker, the payout cron and the metering consumer.
package service

import (
	"context"
	"time"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/cleaning"
	"github.com/hearthkit/commissary/internal/provider/mailer"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/provider/storage"
	"github.com/hearthkit/commissary/internal/tasks"
)

type BookingService interface {
	Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error)
	Cancel(ctx context.Context, bookingID, reason string) (*domain.Booking, error)
	Checkout(ctx context.Context, bookingID string) (*domain.Booking, error)
	Extend(ctx context.Context, in ExtendBookingInput) (*ExtendResult, error)
	Complete(ctx context.Context, bookingID string) error
}

type DepositService interface {
	Authorize(ctx context.Context, bookingID string) error
	RequestRelease(ctx context.Context, depositID, reason string) (*domain.Deposit, error)
	Release(ctx context.Context, depositID string) error
	FileDamageClaim(ctx context.Context, in DamageClaimInput) (*domain.DamageClaim, error)
	CaptureDamage(ctx context.Context, claimID string) error
}

type NotificationService interface {
	SendConfirmation(ctx context.Context, bookingID string) error
	SendReminder(ctx context.Context, bookingID string) error
	SendReceipt(ctx context.Context, in ReceiptInput) error
}

type CleaningService interface {
	DispatchTurnover(ctx context.Context, bookingID string) error
	RequestDeepClean(ctx context.Context, in DeepCleanInput) (*domain.CleaningJob, error)
}

type KitchenService interface {
	UploadInspection(ctx context.Context, in InspectionUpload) (*domain.InspectionDocument, error)
}

type PayoutService interface {
	SetPayoutAccount(ctx context.Context, hostID, bankToken, last4 string) (*domain.PayoutAccount, error)
	SchedulePeriod(ctx context.Context, periodStart, periodEnd time.Time) (int, error)
	PayHost(ctx context.Context, payoutID string) error
}

type WebhookService interface {
	HandlePaymentEvent(ctx context.Context, ev domain.PaymentEvent) error
}

type MeteringService interface {
	RecordReading(ctx context.Context, r MeterReading) error
	StartSession(ctx context.Context, messageID string, s SessionStarted) error
	CloseSession(ctx context.Context, s SessionClosed) error
}

type CreateBookingInput struct {
	IdempotencyKey string
	KitchenID      string
	RenterID       string
	RenterEmail    string
	RenterName     string
	StartsAt       time.Time
	EndsAt         time.Time
}

type ExtendBookingInput struct {
	IdempotencyKey string
	BookingID      string
	Hours          int
	PaymentMethod  string
}

type ExtendResult struct {
	BookingID   string    `json:"booking_id"`
	EndsAt      time.Time `json:"ends_at"`
	ChargeID    string    `json:"charge_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
}

type DamageClaimInput struct {
	IdempotencyKey string
	BookingID      string
	HostID         string
	AmountCents    int64
	Description    string
}

type ReceiptInput struct {
	BookingID   string
	ChargeID    string
	AmountCents int64
	Currency    string
}

type DeepCleanInput struct {
	KitchenID   string
	HostID      string
	WindowStart time.Time
	WindowEnd   time.Time
	Notes       string
}

type InspectionUpload struct {
	KitchenID   string
	UploadedBy  string
	Kind        string
	FileName    string
	ContentType string
	Body        []byte
	IssuedOn    *time.Time
	ExpiresOn   *time.Time
}

// MeterReading is one reading reported by a kitchen's smart meter gateway.
type MeterReading struct {
	SessionID  string    `json:"session_id"`
	MeterID    string    `json:"meter_id"`
	Kind       string    `json:"kind"`
	Quantity   float64   `json:"quantity"`
	Unit       string    `json:"unit"`
	RecordedAt time.Time `json:"recorded_at"`
}

// SessionStarted is sent when a renter badges in and the meters start
// attributing usage to a booking.
type SessionStarted struct {
	SessionID string    `json:"session_id"`
	BookingID string    `json:"booking_id"`
	StartedAt time.Time `json:"started_at"`
}

// SessionClosed is sent when the renter badges out.
type SessionClosed struct {
	SessionID string    `json:"session_id"`
	ClosedAt  time.Time `json:"closed_at"`
}

// Payments is the subset of the Paylane client the services use.
type Payments interface {
	Authorize(ctx context.Context, req payments.AuthorizeRequest, opts ...payments.RequestOption) (*payments.Authorization, error)
	Capture(ctx context.Context, authorizationID string, req payments.CaptureRequest, opts ...payments.RequestOption) (*payments.Capture, error)
	Void(ctx context.Context, authorizationID string, opts ...payments.RequestOption) (*payments.Authorization, error)
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.RequestOption) (*payments.Charge, error)
	CreatePayout(ctx context.Context, req payments.PayoutRequest, opts ...payments.RequestOption) (*payments.Payout, error)
}

// CleaningCrew is the SparkleCrew partner client.
type CleaningCrew interface {
	DispatchCrew(ctx context.Context, req cleaning.DispatchRequest) (*cleaning.Job, error)
}

// Mailer sends transactional email.
type Mailer interface {
	Send(ctx context.Context, m mailer.Message) (*mailer.SendResult, error)
}

// ObjectStore stores uploaded files.
type ObjectStore interface {
	Put(ctx context.Context, key string, body []byte, contentType string, meta map[string]string) (*storage.Object, error)
}

// TaskQueue schedules background work.
type TaskQueue interface {
	DepositAuthorize(ctx context.Context, bookingID string) error
	DepositRelease(ctx context.Context, depositID string) error
	BookingConfirmation(ctx context.Context, bookingID string) error
	BookingReminder(ctx context.Context, bookingID string, at time.Time) error
	BookingComplete(ctx context.Context, bookingID string, at time.Time) error
	CleaningDispatch(ctx context.Context, bookingID string) error
	DamageCapture(ctx context.Context, claimID string) error
	PaymentReceipt(ctx context.Context, p tasks.ReceiptPayload) error
	PayoutHost(ctx context.Context, payoutID string) error
}

// Clock returns the current time; tests swap it.
type Clock func() time.Time

// SystemClock is the wall clock in UTC.
func SystemClock() time.Time { return time.Now().UTC() }
