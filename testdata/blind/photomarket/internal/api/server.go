// Package api exposes the public HTTP API and the partner webhooks.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/stripe/stripe-go/v82"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/accounts"
	"github.com/lenslane/photomarket/internal/booking"
	"github.com/lenslane/photomarket/internal/httpx"
	"github.com/lenslane/photomarket/internal/payment"
	"github.com/lenslane/photomarket/internal/printlab"
	"github.com/lenslane/photomarket/internal/prints"
)

// ClientRegistrar signs clients up.
type ClientRegistrar interface {
	Register(ctx context.Context, in accounts.RegisterInput) (*accounts.Client, bool, error)
}

// Bookings is the booking service as used by the handlers.
type Bookings interface {
	Create(ctx context.Context, clientID, idemKey string, in booking.CreateInput) (db.Booking, bool, error)
	Get(ctx context.Context, id, accountID string) (db.Booking, error)
	Cancel(ctx context.Context, bookingID, clientID, reason string) (db.Booking, error)
	MarkShot(ctx context.Context, bookingID, photographerID string) error
	PostMessage(ctx context.Context, bookingID, authorID, role, body string) (*booking.Message, error)
	SetAvailability(ctx context.Context, photographerID, day string, in booking.AvailabilityInput) (db.Availability, error)
}

// Payments is the payment service as used by the handlers.
type Payments interface {
	StartDeposit(ctx context.Context, bookingID, clientID string) (payment.IntentResponse, error)
	PayBalance(ctx context.Context, bookingID, clientID string, in payment.BalanceInput) (payment.IntentResponse, error)
	CheckoutPrintOrder(ctx context.Context, orderID, clientID string) (payment.IntentResponse, error)
}

// Galleries delivers galleries.
type Galleries interface {
	Deliver(ctx context.Context, galleryID, photographerID string) (db.Gallery, error)
}

// Prints is the print order service as used by the handlers.
type Prints interface {
	CreateOrder(ctx context.Context, clientID string, in prints.OrderInput) (db.PrintOrder, error)
	RequestReprint(ctx context.Context, orderID, clientID string, in prints.ReprintInput) (db.ReprintRequest, error)
	HandleLabEvent(ctx context.Context, ev printlab.Event) error
}

// StripeEvents applies verified Stripe events.
type StripeEvents interface {
	Handle(ctx context.Context, ev stripe.Event) error
}

// StripeVerifier verifies Stripe webhook signatures.
type StripeVerifier interface {
	ParseWebhook(payload []byte, signature string) (stripe.Event, error)
	ParseConnectWebhook(payload []byte, signature string) (stripe.Event, error)
}

// LabVerifier verifies print-lab webhook signatures.
type LabVerifier interface {
	ParseWebhook(body []byte, signature string) (printlab.Event, error)
}

// Server holds the handler dependencies.
type Server struct {
	Clients       ClientRegistrar
	Bookings      Bookings
	Payments      Payments
	Galleries     Galleries
	Prints        Prints
	StripeEvents  StripeEvents
	ConnectEvents StripeEvents
	Stripe        StripeVerifier
	Lab           LabVerifier
	IdemResponses httpx.ResponseStore
	Logger        *slog.Logger
}

// Routes builds the HTTP handler.
func (s *Server) Routes() http.Handler {
	mux := http.NewServeMux()

	authed := func(h http.HandlerFunc, roles ...string) http.Handler {
		return httpx.Chain(h, httpx.Authenticate, httpx.RequireRole(roles...), httpx.MaxBody(1<<20))
	}
	clientOnly := func(h http.HandlerFunc) http.Handler { return authed(h, "client") }
	photographerOnly := func(h http.HandlerFunc) http.Handler { return authed(h, "photographer") }
	participant := func(h http.HandlerFunc) http.Handler { return authed(h, "client", "photographer") }

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})

	mux.Handle("POST /v1/clients", httpx.Chain(http.HandlerFunc(s.createClient), httpx.MaxBody(64<<10)))

	mux.Handle("POST /v1/bookings", clientOnly(s.createBooking))
	mux.Handle("GET /v1/bookings/{id}", participant(s.getBooking))
	mux.Handle("POST /v1/bookings/{id}/messages", participant(s.postMessage))
	mux.Handle("POST /v1/bookings/{id}/deposit", clientOnly(s.startDeposit))
	mux.Handle("POST /v1/bookings/{id}/balance", clientOnly(s.payBalance))
	mux.Handle("POST /v1/bookings/{id}/cancel", clientOnly(s.cancelBooking))
	mux.Handle("POST /v1/bookings/{id}/shot", photographerOnly(s.markShot))

	mux.Handle("PUT /v1/photographers/me/availability/{day}", photographerOnly(s.setAvailability))
	mux.Handle("POST /v1/galleries/{id}/deliver", photographerOnly(s.deliverGallery))

	mux.Handle("POST /v1/print-orders", httpx.Chain(http.HandlerFunc(s.createPrintOrder),
		httpx.Authenticate,
		httpx.RequireRole("client"),
		httpx.MaxBody(256<<10),
		httpx.Idempotent(s.IdemResponses, "print-orders.create", s.Logger),
	))
	mux.Handle("POST /v1/print-orders/{id}/checkout", clientOnly(s.checkoutPrintOrder))
	mux.Handle("POST /v1/print-orders/{id}/reprints", clientOnly(s.requestReprint))

	mux.HandleFunc("POST /webhooks/stripe", s.stripeWebhook)
	mux.HandleFunc("POST /webhooks/stripe-connect", s.stripeConnectWebhook)
	mux.HandleFunc("POST /webhooks/printlab", s.printLabWebhook)

	return httpx.Chain(mux,
		httpx.RequestID,
		httpx.Logging(s.Logger),
		httpx.Recover(s.Logger),
	)
}
