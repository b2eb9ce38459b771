// Package httpapi exposes the claims platform over HTTP (chi). Handlers are
// methods on small structs that depend on service interfaces.
package httpapi

import (
	"context"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/documents"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/reserves"
)

// ClaimService is the claim lifecycle as the API sees it.
type ClaimService interface {
	ReportLoss(ctx context.Context, cmd claims.ReportLossCmd) (claims.Claim, error)
	AssignAdjuster(ctx context.Context, cmd claims.AssignCmd) (claims.Assignment, error)
	Close(ctx context.Context, id uuid.UUID, reason string) (claims.Claim, error)
	Reopen(ctx context.Context, cmd claims.ReopenCmd) (claims.Claim, error)
	Get(ctx context.Context, id uuid.UUID) (claims.Claim, error)
}

// ReserveService changes reserves.
type ReserveService interface {
	Change(ctx context.Context, cmd reserves.ChangeCmd) (reserves.Change, error)
}

// PayoutService requests payouts and ingests Stripe events.
type PayoutService interface {
	Request(ctx context.Context, cmd payouts.RequestCmd) (payouts.Payout, error)
	HandleStripeEvent(ctx context.Context, evt stripe.Event) error
}

// StripeVerifier verifies Stripe webhook signatures.
type StripeVerifier interface {
	VerifyEvent(payload []byte, signature string) (stripe.Event, error)
}

// RepairService books repairs.
type RepairService interface {
	RequestBooking(ctx context.Context, cmd repairs.BookingCmd) (repairs.Booking, error)
	AuthorizeSupplement(ctx context.Context, cmd repairs.SupplementCmd) (repairs.Supplement, error)
	HandlePartnerEvent(ctx context.Context, evt repairs.PartnerEvent) error
}

// PartnerVerifier verifies repair partner webhook signatures.
type PartnerVerifier interface {
	VerifySignature(payload []byte, signature string) error
}

// DocumentService stores uploads.
type DocumentService interface {
	Upload(ctx context.Context, cmd documents.UploadCmd) (documents.Document, error)
}
