// Package registration implements attendee registration, ticket orders,
// payment and cancellation.
package registration

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
	"github.com/halcyonevents/confreg/internal/store"
)

// Service is the registration use-case API consumed by the HTTP handlers.
type Service interface {
	Register(ctx context.Context, in RegisterInput) (*domain.Registration, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error)
	PlaceOrder(ctx context.Context, in OrderInput) (*domain.TicketOrder, error)
	PayOrder(ctx context.Context, in PayInput) (*domain.TicketOrder, error)
	Cancel(ctx context.Context, in CancelInput) error
}

// RegisterInput is a new attendee.
type RegisterInput struct {
	ConferenceSlug string
	Email          string
	FullName       string
	Company        string
	JobTitle       string
}

// OrderInput places a ticket hold.
type OrderInput struct {
	RegistrationID uuid.UUID
	TicketCode     string
	Quantity       int
}

// PayInput pays a held order with a tokenised card.
type PayInput struct {
	OrderID       uuid.UUID
	PaymentMethod string
}

// CancelInput cancels a registration.
type CancelInput struct {
	RegistrationID uuid.UUID
	Reason         string
}

// Conferences reads conferences.
type Conferences interface {
	BySlug(ctx context.Context, slug string) (*domain.Conference, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Conference, error)
}

// Registrations persists registrations.
type Registrations interface {
	Upsert(ctx context.Context, reg *domain.Registration) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Registration, error)
}

// TicketTypes reads ticket types.
type TicketTypes interface {
	ByCode(ctx context.Context, conferenceID uuid.UUID, code string) (*domain.TicketType, error)
}

// Orders persists ticket orders.
type Orders interface {
	PlaceHold(ctx context.Context, o *domain.TicketOrder) error
	Get(ctx context.Context, id uuid.UUID) (*domain.TicketOrder, error)
}

// Payments reads captured payments.
type Payments interface {
	ForOrder(ctx context.Context, orderID uuid.UUID) (*domain.Payment, error)
}

// Refunds persists refunds.
type Refunds interface {
	Create(ctx context.Context, r *domain.Refund) error
}

// CardCharger is the part of the card provider we use here.
type CardCharger interface {
	CreateCharge(ctx context.Context, req cardpay.ChargeRequest) (*cardpay.Charge, error)
}

// EventPublisher publishes domain events.
type EventPublisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}

// Transactor runs fn in a transaction.
type Transactor interface {
	Do(ctx context.Context, fn func(r *store.Repos) error) error
}

// Deps are the collaborators of the service.
type Deps struct {
	Conferences   Conferences
	Registrations Registrations
	TicketTypes   TicketTypes
	Orders        Orders
	Payments      Payments
	Refunds       Refunds
	Cards         CardCharger
	Events        EventPublisher
	Tx            Transactor
}

// RefundPolicy returns how much of a paid order is refundable when it is
// cancelled at now for a conference starting on startsOn.
type RefundPolicy func(o domain.TicketOrder, startsOn, now time.Time) int64

type service struct {
	Deps

	now      func() time.Time
	newID    func() uuid.UUID
	holdTTL  time.Duration
	policy   RefundPolicy
	notify   func(ctx context.Context, reg *domain.Registration, template string) error
	maxOrder int
}

// Option customises the service.
type Option func(*service)

// WithClock replaces time.Now.
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

// WithIDGenerator replaces uuid.New for new rows.
func WithIDGenerator(f func() uuid.UUID) Option { return func(s *service) { s.newID = f } }

// WithHoldTTL sets how long an unpaid order holds its tickets.
func WithHoldTTL(d time.Duration) Option { return func(s *service) { s.holdTTL = d } }

// WithRefundPolicy sets the cancellation refund policy.
func WithRefundPolicy(p RefundPolicy) Option { return func(s *service) { s.policy = p } }

// WithNotifier sets the function that tells an attendee about a change to
// their registration.
func WithNotifier(fn func(ctx context.Context, reg *domain.Registration, template string) error) Option {
	return func(s *service) { s.notify = fn }
}

// New builds the service.
func New(d Deps, opts ...Option) Service {
	s := &service{
		Deps:     d,
		now:      time.Now,
		newID:    uuid.New,
		holdTTL:  30 * time.Minute,
		policy:   StandardRefundPolicy,
		notify:   func(context.Context, *domain.Registration, string) error { return nil },
		maxOrder: 10,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// StandardRefundPolicy refunds in full up to 30 days before the event, half
// up to 7 days before, and nothing after that.
func StandardRefundPolicy(o domain.TicketOrder, startsOn, now time.Time) int64 {
	days := startsOn.Sub(now).Hours() / 24
	switch {
	case days >= 30:
		return o.AmountCents
	case days >= 7:
		return o.AmountCents / 2
	default:
		return 0
	}
}
