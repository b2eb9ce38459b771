// Package handlers holds the HTTP handlers of the terminal API. Each
// handler is a closure over the service it calls.
package handlers

import (
	"context"

	"github.com/stripe/stripe-go/v82"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/service/appointment"
	"github.com/quaymark/terminal-ops/internal/service/billing"
	"github.com/quaymark/terminal-ops/internal/service/customs"
	"github.com/quaymark/terminal-ops/internal/service/edi"
	"github.com/quaymark/terminal-ops/internal/service/vessel"
	"github.com/quaymark/terminal-ops/internal/service/yard"
)

// VesselService schedules vessel calls.
type VesselService interface {
	CreateCall(ctx context.Context, in vessel.CreateCall) (*domain.VesselCall, bool, error)
	ConfirmBerth(ctx context.Context, callID string, in vessel.BerthConfirmation) (*domain.VesselCall, error)
}

// AppointmentService books truck appointments.
type AppointmentService interface {
	Book(ctx context.Context, req appointment.BookRequest) (*domain.TruckAppointment, error)
	Cancel(ctx context.Context, id string) (*domain.TruckAppointment, error)
}

// YardService allocates yard slots.
type YardService interface {
	Allocate(ctx context.Context, req yard.AllocateRequest) (*domain.YardAllocation, error)
	Release(ctx context.Context, id string) (*domain.YardAllocation, error)
}

// CustomsService applies broker events.
type CustomsService interface {
	Apply(ctx context.Context, ev customs.BrokerEvent) error
}

// PaymentService takes card payments and refunds.
type PaymentService interface {
	Pay(ctx context.Context, invoiceID string, req billing.PayRequest) (*domain.Payment, error)
	IssueCreditNote(ctx context.Context, invoiceID string, req billing.CreditNoteRequest) (*domain.CreditNote, error)
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

// WebhookVerifier verifies Stripe webhook signatures.
type WebhookVerifier interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
}

// PartnerInbound accepts EDI posted by shipping lines.
type PartnerInbound interface {
	AcceptCOPARN(ctx context.Context, lineCode string, msg edi.COPARN) (int, error)
}
