// Package httpapi exposes the member-facing REST API and the inbound
// provider webhooks.
package httpapi

import (
	"log/slog"
	"net/http"

	"go.uber.org/dig"

	"github.com/deskhive/coworking/internal/access"
	"github.com/deskhive/coworking/internal/billing"
	"github.com/deskhive/coworking/internal/bookings"
	"github.com/deskhive/coworking/internal/guests"
	"github.com/deskhive/coworking/internal/httpx"
	"github.com/deskhive/coworking/internal/members"
	"github.com/deskhive/coworking/internal/webhooks"
)

// Deps are the services the API needs; filled in by the DI container.
type Deps struct {
	dig.In

	Log         *slog.Logger
	Members     members.Service
	Bookings    bookings.Service
	Memberships billing.MembershipService
	Passes      billing.PassService
	Access      access.Service
	Guests      guests.Service
	Stripe      *webhooks.StripeProcessor
	Doors       *webhooks.DoorProcessor
}

// NewRouter registers every route on a ServeMux.
func NewRouter(d Deps) http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("POST /v1/members", createMember(d.Members))
	mux.HandleFunc("POST /v1/members/{memberID}/credit-transfers", transferCredits(d.Members))
	mux.HandleFunc("POST /v1/members/{memberID}/charges", addCharge(d.Passes))
	mux.HandleFunc("POST /v1/members/{memberID}/access-cards", issueCard(d.Access))

	mux.HandleFunc("POST /v1/desk-bookings", bookDesk(d.Bookings))
	mux.HandleFunc("POST /v1/room-bookings", bookRoom(d.Bookings))
	mux.HandleFunc("POST /v1/room-bookings/{bookingID}/cancel", cancelRoom(d.Bookings))

	mux.HandleFunc("POST /v1/day-passes", buyDayPass(d.Passes))
	mux.HandleFunc("POST /v1/memberships", subscribe(d.Memberships))
	mux.HandleFunc("DELETE /v1/memberships/{membershipID}", cancelMembership(d.Memberships))

	mux.HandleFunc("POST /v1/guest-invitations", inviteGuest(d.Guests))

	mux.HandleFunc("POST /webhooks/stripe", stripeWebhook(d.Stripe, d.Log))
	mux.HandleFunc("POST /webhooks/doors", doorWebhook(d.Doors, d.Log))

	return httpx.Chain(mux,
		httpx.Recover(d.Log),
		httpx.RequestIDs(),
		httpx.AccessLog(d.Log),
	)
}
