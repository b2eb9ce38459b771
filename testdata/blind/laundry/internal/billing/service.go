// Package billing owns card payments for orders: the pre-authorisation at
// booking time, the capture after delivery, tips and fees.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/store"
)

// Processor is the subset of the card processor client billing uses.
type Processor interface {
	Authorize(ctx context.Context, req payments.AuthorizeRequest, opts ...payments.CallOption) (*payments.Intent, error)
	Capture(ctx context.Context, intentID string, amount int64, opts ...payments.CallOption) (*payments.Intent, error)
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.Intent, error)
	Void(ctx context.Context, intentID, reason string, opts ...payments.CallOption) (*payments.Intent, error)
}

// CaptureRetryScheduler queues a later capture attempt for a payment.
type CaptureRetryScheduler interface {
	ScheduleCaptureRetry(ctx context.Context, paymentID uuid.UUID, after time.Duration) error
}

// CreditsFunc returns the loyalty credits applied to an order.
type CreditsFunc func(ctx context.Context, customerID, orderID uuid.UUID) (int64, error)

var (
	ErrNoCard           = errors.New("billing: customer has no saved card")
	ErrNotAuthorized    = errors.New("billing: order has no authorisation")
	ErrInvalidAmount    = errors.New("billing: invalid amount")
	ErrOrderNotBillable = errors.New("billing: order cannot be billed in its current state")
)

type Service struct {
	uow        store.UnitOfWork
	repos      store.Repos
	processor  Processor
	retries    CaptureRetryScheduler
	creditsFor CreditsFunc
	recordTip  func(ctx context.Context, orderID uuid.UUID, amount int64) error
	currency   string
	holdBuffer float64
	log        *slog.Logger
}

type Option func(*Service)

func WithCaptureRetries(s CaptureRetryScheduler) Option { return func(b *Service) { b.retries = s } }
func WithCredits(f CreditsFunc) Option                  { return func(b *Service) { b.creditsFor = f } }

// WithTipRecorder sets where charged tips are recorded for the driver
// payout.
func WithTipRecorder(f func(ctx context.Context, orderID uuid.UUID, amount int64) error) Option {
	return func(b *Service) { b.recordTip = f }
}

func WithLogger(l *slog.Logger) Option { return func(b *Service) { b.log = l } }

// WithHoldBuffer sets how much above the estimate the pre-authorisation
// holds, as a fraction (0.25 = 25%).
func WithHoldBuffer(f float64) Option { return func(b *Service) { b.holdBuffer = f } }

func New(uow store.UnitOfWork, repos store.Repos, p Processor, currency string, opts ...Option) *Service {
	s := &Service{
		uow:        uow,
		repos:      repos,
		processor:  p,
		currency:   currency,
		holdBuffer: 0.25,
		log:        slog.Default(),
		creditsFor: func(context.Context, uuid.UUID, uuid.UUID) (int64, error) { return 0, nil },
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *Service) holdAmount(o *store.Order) int64 {
	est := o.EstimatedCents
	if est < minimumOrderCents {
		est = minimumOrderCents
	}
	return est + int64(float64(est)*s.holdBuffer)
}

const (
	minimumOrderCents    = 2500
	cancellationFeeCents = 900
	lateCancelWindow     = 2 * time.Hour
)

func card(c *store.Customer) (customerRef, method string, err error) {
	if c.ProcessorCustomerID == nil || c.DefaultCardToken == nil {
		return "", "", ErrNoCard
	}
	return *c.ProcessorCustomerID, *c.DefaultCardToken, nil
}

func describe(o *store.Order, what string) string {
	return fmt.Sprintf("FreshPress %s %s", what, o.ID.String()[:8])
}

func orderMeta(o *store.Order) map[string]string {
	return map[string]string{"order_id": o.ID.String(), "customer_id": o.CustomerID.String()}
}
