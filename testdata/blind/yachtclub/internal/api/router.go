// Package api wires the HTTP routes onto the services.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/dig"

	"github.com/tidewater-yc/clubhouse/internal/accounts"
	"github.com/tidewater-yc/clubhouse/internal/berths"
	"github.com/tidewater-yc/clubhouse/internal/dues"
	"github.com/tidewater-yc/clubhouse/internal/fuel"
	"github.com/tidewater-yc/clubhouse/internal/guests"
	"github.com/tidewater-yc/clubhouse/internal/membership"
	"github.com/tidewater-yc/clubhouse/internal/platform/httpx"
	"github.com/tidewater-yc/clubhouse/internal/regatta"
	"github.com/tidewater-yc/clubhouse/internal/statements"
	"github.com/tidewater-yc/clubhouse/internal/webhooks"
)

// Deps is everything the router needs, filled by dig.
type Deps struct {
	dig.In

	Membership membership.Service
	Accounts   accounts.Service
	Dues       dues.Service
	Berths     berths.Service
	Fuel       fuel.Service
	Guests     guests.Service
	Regatta    regatta.Service
	Statements statements.Service
	Webhooks   *webhooks.Handlers
	Log        *slog.Logger
}

// NewRouter builds the chi router.
func NewRouter(d Deps) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	members := &memberHandlers{membership: d.Membership, accounts: d.Accounts, dues: d.Dues, statements: d.Statements}
	marina := &marinaHandlers{berths: d.Berths, fuel: d.Fuel, regatta: d.Regatta}
	public := &publicHandlers{guests: d.Guests}

	r.Route("/v1", func(r chi.Router) {
		r.Post("/applications", httpx.Handle(members.submitApplication))
		r.Post("/applications/{applicationID}/sponsors/{memberID}/approve", httpx.Handle(members.approveSponsor))
		r.Post("/applications/{applicationID}/decision", httpx.Handle(members.decideApplication))

		r.Post("/members/{memberID}/dues-invoices", httpx.Handle(members.requestDuesInvoice))
		r.Get("/members/{memberID}/account", httpx.Handle(members.getAccount))
		r.Post("/members/{memberID}/account/adjustments", httpx.Handle(members.adjustAccount))
		r.Get("/members/{memberID}/statements/{period}", httpx.Handle(members.getStatement))
		r.Post("/statement-runs", httpx.Handle(members.startStatementRun))

		r.Post("/berths/{berthID}/assignments", httpx.Handle(marina.assignBerth))
		r.Post("/berths/{berthID}/release", httpx.Handle(marina.releaseBerth))
		r.Post("/waitlist", httpx.Handle(marina.joinWaitlist))
		r.Post("/waitlist/{entryID}/accept", httpx.Handle(marina.acceptOffer))

		r.Post("/fuel/purchases", httpx.Handle(marina.fuelPurchase))

		r.Post("/regattas/{regattaID}/entries", httpx.Handle(marina.enterRegatta))
		r.Post("/regattas/{regattaID}/entries/{entryID}/withdraw", httpx.Handle(marina.withdrawEntry))
	})

	r.Route("/public", func(r chi.Router) {
		r.Use(middleware.Throttle(50))
		r.Post("/guest-bookings", httpx.Handle(public.bookGuestBerth))
		r.Post("/guest-bookings/{bookingID}/deposit", httpx.Handle(public.createDeposit))
		r.Post("/guest-bookings/{bookingID}/cancel", httpx.Handle(public.cancelBooking))
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/stripe", httpx.Handle(d.Webhooks.Stripe))
		r.Post("/accounting", httpx.Handle(d.Webhooks.Accounting))
	})
	return r
}

// created picks 201 for a new resource and 200 for a replay.
type created[T any] struct {
	Value T
	New   bool
}

func (c created[T]) StatusCode() int {
	if c.New {
		return http.StatusCreated
	}
	return http.StatusOK
}

func (c created[T]) MarshalJSON() ([]byte, error) { return marshal(c.Value) }
