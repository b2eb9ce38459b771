// Package httpapi is the public HTTP API used by the couples' app, the
// venue planners' console, vendors and the providers' webhooks. Handlers
// are closures built from the service interfaces below.
package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/service"
)

type BookingService interface {
	Create(ctx context.Context, in service.CreateBookingInput) (domain.Booking, error)
	Get(ctx context.Context, id uuid.UUID) (service.BookingView, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (service.CancelResult, error)
}

type PackageService interface {
	Add(ctx context.Context, bookingID uuid.UUID, in service.AddPackageInput) (domain.BookingPackage, error)
	Remove(ctx context.Context, bookingID, lineID uuid.UUID) error
}

type BillingService interface {
	SetPlan(ctx context.Context, bookingID uuid.UUID, in service.PlanInput) ([]domain.Instalment, error)
	Pay(ctx context.Context, bookingID uuid.UUID, in service.PaymentInput) (service.PaymentReceipt, error)
}

type ContractService interface {
	Issue(ctx context.Context, bookingID uuid.UUID) (domain.Contract, error)
	IssueAddendum(ctx context.Context, bookingID uuid.UUID, in service.AddendumInput) (domain.Contract, error)
}

type VendorDirectory interface {
	VendorByCallbackKey(ctx context.Context, key string) (domain.Vendor, error)
}

// WebhookVerifier checks a provider's webhook signature header.
type WebhookVerifier interface {
	VerifyWebhook(secret string, payload []byte, header string) error
}

type AccessLogger interface {
	Record(ctx context.Context, r domain.APIRequest) error
}
