// Package httpapi is the public and agent-facing HTTP API.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/domain"
)

// BookingService is what the booking handlers need.
type BookingService interface {
	Create(ctx context.Context, in app.CreateBookingInput) (domain.Booking, bool, error)
	AddVehicle(ctx context.Context, bookingID uuid.UUID, in app.VehicleInput) (domain.VehicleReservation, error)
	Cancel(ctx context.Context, bookingID uuid.UUID) error
}

// PaymentService is what the payment handler needs.
type PaymentService interface {
	Pay(ctx context.Context, in app.PayInput) (app.PayResult, error)
}

// RefundService is what the refund handler needs.
type RefundService interface {
	RequestGoodwill(ctx context.Context, in app.GoodwillInput) (string, error)
}

// SailingService is what the operations handlers need.
type SailingService interface {
	Cancel(ctx context.Context, sailingID uuid.UUID, reason string) (app.CancelResult, error)
}

// BoardingService is what the check-in handler needs.
type BoardingService interface {
	CheckIn(ctx context.Context, in app.CheckInInput) (domain.BoardingPass, error)
}

// LoyaltyService is what the loyalty handlers need.
type LoyaltyService interface {
	Redeem(ctx context.Context, in app.RedeemInput) (app.RedeemResult, error)
}

// WebhookService applies verified Stripe events.
type WebhookService interface {
	Handle(ctx context.Context, evt stripe.Event) error
}

// Deps are the router's inputs.
type Deps struct {
	fx.In

	Config   config.Config
	Log      *slog.Logger
	Bookings BookingService
	Payments PaymentService
	Refunds  RefundService
	Sailings SailingService
	Boarding BoardingService
	Loyalty  LoyaltyService
	Webhooks WebhookService
}

type route struct {
	method  string
	pattern string
	handler http.HandlerFunc
}

// NewRouter builds the chi router.
func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	// Stripe signs the raw body, so the webhook sits outside any
	// body-reading middleware.
	r.Post("/webhooks/stripe", stripeWebhook(d.Webhooks, d.Config.StripeWebhookSecret, d.Log))

	customer := []route{
		{http.MethodPost, "/bookings", createBooking(d.Bookings, d.Log)},
		{http.MethodPost, "/bookings/{bookingID}/vehicles", addVehicle(d.Bookings, d.Log)},
		{http.MethodPost, "/bookings/{bookingID}/payments", payBooking(d.Payments, d.Log)},
		{http.MethodPost, "/bookings/{bookingID}/cancel", cancelBooking(d.Bookings, d.Log)},
		{http.MethodPost, "/sailings/{sailingID}/passengers/{passengerID}/check-in", checkIn(d.Boarding, d.Log)},
		{http.MethodPost, "/loyalty/members/{memberID}/redemptions", redeemMiles(d.Loyalty, d.Log)},
	}
	agent := []route{
		{http.MethodPost, "/bookings/{bookingID}/refunds", goodwillRefund(d.Refunds, d.Log)},
		{http.MethodPost, "/sailings/{sailingID}/cancel", cancelSailing(d.Sailings, d.Log)},
	}

	r.Route("/v1", func(r chi.Router) {
		for _, rt := range customer {
			r.Method(rt.method, rt.pattern, rt.handler)
		}
		r.Route("/agent", func(r chi.Router) {
			r.Use(agentOnly)
			for _, rt := range agent {
				r.Method(rt.method, rt.pattern, rt.handler)
			}
		})
	})
	return r
}

// Module provides the router, binds the services to the handler-facing
// interfaces and runs the HTTP server.
var Module = fx.Module("httpapi",
	fx.Provide(
		func(s *app.Bookings) BookingService { return s },
		func(s *app.Payments) PaymentService { return s },
		func(s *app.Refunds) RefundService { return s },
		func(s *app.Sailings) SailingService { return s },
		func(s *app.Boarding) BoardingService { return s },
		func(s *app.Loyalty) LoyaltyService { return s },
		func(s *app.StripeEvents) WebhookService { return s },
		NewRouter,
	),
	fx.Invoke(serve),
)

func serve(lc fx.Lifecycle, h http.Handler, cfg config.Config, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http listening", "addr", ln.Addr().String())
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}
