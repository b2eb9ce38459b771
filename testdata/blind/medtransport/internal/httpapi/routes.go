package httpapi

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/dig"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/service/copay"
	"github.com/carelift-health/nemt/internal/service/preauth"
	"github.com/carelift-health/nemt/internal/service/remittance"
	"github.com/carelift-health/nemt/internal/service/rides"
	"github.com/carelift-health/nemt/internal/service/shifts"
	"github.com/carelift-health/nemt/internal/service/trips"
	"github.com/carelift-health/nemt/internal/webhooks"
)

type RideService interface {
	Create(ctx context.Context, in rides.CreateInput) (*models.Ride, error)
	Cancel(ctx context.Context, clinicID, rideID uuid.UUID, reason string) (*models.Ride, error)
}

type ShiftService interface {
	CheckIn(ctx context.Context, in shifts.CheckInInput) (*models.Shift, error)
	CheckOut(ctx context.Context, in shifts.CheckOutInput) (*models.Shift, error)
}

type TripService interface {
	UpdateStatus(ctx context.Context, in trips.StatusUpdate) (*models.Trip, error)
}

type CopayService interface {
	Collect(ctx context.Context, in copay.CollectInput) (*models.Copay, error)
	Refund(ctx context.Context, in copay.RefundInput) (*models.Copay, error)
	RecordPayment(ctx context.Context, paymentIntentID string, amountCents int64) error
}

type PreAuthService interface {
	ApplyDecision(ctx context.Context, d preauth.Decision) error
}

type RemittanceService interface {
	Apply(ctx context.Context, r remittance.Remittance) error
}

type Rebiller interface {
	Rebill(ctx context.Context, tripID uuid.UUID) (string, error)
}

// WebhookSecrets carries the signing secrets for inbound webhooks.
type WebhookSecrets struct {
	Stripe  string
	Insurer string
}

// Deps is filled in by dig.
type Deps struct {
	dig.In

	Log          *slog.Logger
	Rides        RideService
	Shifts       ShiftService
	Trips        TripService
	Copays       CopayService
	PreAuth      PreAuthService
	Remittance   RemittanceService
	Rebill       Rebiller
	StripeEvents webhooks.EventLog
	Secrets      WebhookSecrets
}

// NewServer builds the echo instance with every route registered.
func NewServer(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Recover())
	e.Use(requestContext(d.Log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(204) })

	api := e.Group("/v1")
	rh := &rideHandlers{svc: d.Rides}
	api.POST("/rides", handle(rh.create))
	api.POST("/rides/:id/cancel", handle(rh.cancel))

	sh := &shiftHandlers{svc: d.Shifts}
	api.POST("/shifts/check-in", handle(sh.checkIn))
	api.POST("/shifts/:id/check-out", handle(sh.checkOut))

	th := &tripHandlers{trips: d.Trips, copays: d.Copays}
	api.POST("/trips/:id/status", handle(th.updateStatus))
	api.POST("/trips/:id/copay", handle(th.collectCopay))
	api.POST("/copays/:id/refund", handle(th.refundCopay))

	ah := &adminHandlers{starter: d.Rebill}
	api.POST("/admin/trips/:id/rebill", handle(ah.rebill))

	wh := e.Group("/webhooks")
	sw := &stripeWebhook{copays: d.Copays, events: d.StripeEvents, secret: d.Secrets.Stripe}
	wh.POST("/stripe", sw.handle)
	iw := &insurerWebhook{preauth: d.PreAuth, remittance: d.Remittance, secret: d.Secrets.Insurer}
	wh.POST("/insurer", iw.handle)

	return e
}
