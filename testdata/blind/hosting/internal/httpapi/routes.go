// Package httpapi exposes the public REST API and inbound webhooks.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
)

// API bundles every HTTP handler group.
type API struct {
	Config    *config.Config
	Log       *slog.Logger
	Auth      httpx.CustomerLookup
	Replay    httpx.ResponseStore
	Customers *CustomerHandlers
	Servers   *ServerHandlers
	Volumes   *VolumeHandlers
	Billing   *BillingHandlers
	Admin     *AdminHandlers
	Stripe    *StripeWebhook
	DC        *DatacenterWebhook
}

// Routes builds the server mux with its middleware chain.
func (a *API) Routes() http.Handler {
	mux := http.NewServeMux()

	authed := func(h http.HandlerFunc, extra ...httpx.Middleware) http.Handler {
		mws := append([]httpx.Middleware{httpx.Authenticate(a.Auth)}, extra...)
		return httpx.Chain(h, mws...)
	}
	admin := func(h http.HandlerFunc) http.Handler {
		return httpx.Chain(h, httpx.AdminOnly(a.Config.AdminToken))
	}

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	mux.HandleFunc("POST /v1/customers", a.Customers.Register)
	mux.Handle("PUT /v1/payment-method", authed(a.Customers.SetPaymentMethod))

	mux.Handle("GET /v1/servers", authed(a.Servers.List))
	mux.Handle("GET /v1/servers/{id}", authed(a.Servers.Get))
	mux.Handle("POST /v1/servers", authed(a.Servers.Order))
	mux.Handle("POST /v1/servers/{id}/snapshots", authed(a.Servers.Snapshot))
	mux.Handle("POST /v1/servers/{id}/licenses", authed(a.Servers.AddLicense))
	mux.Handle("POST /v1/servers/{id}/cancel", authed(a.Servers.Cancel))

	mux.Handle("POST /v1/volumes", authed(a.Volumes.Order, httpx.ReplayResponses(a.Replay)))
	mux.Handle("POST /v1/volumes/{id}/attach", authed(a.Volumes.Attach))

	mux.Handle("POST /v1/coupons/redeem", authed(a.Billing.RedeemCoupon))
	mux.Handle("GET /v1/invoices", authed(a.Billing.ListInvoices))
	mux.Handle("POST /v1/invoices/{id}/pay", authed(a.Billing.PayInvoice))
	mux.Handle("GET /v1/credits", authed(a.Billing.ListCredits))

	mux.Handle("POST /v1/admin/customers/{id}/credits", admin(a.Admin.GrantCredit))
	mux.Handle("POST /v1/admin/payments/{id}/refunds", admin(a.Admin.Refund))

	mux.Handle("POST /webhooks/stripe", a.Stripe)
	mux.HandleFunc("POST /webhooks/datacenter", a.DC.Events)
	mux.HandleFunc("POST /webhooks/datacenter/usage", a.DC.Usage)

	return httpx.Chain(mux,
		httpx.RequestID(),
		httpx.Logging(a.Log),
		httpx.Recover(a.Log),
	)
}
