// Package httpapi is the REST API used by the sales portal, the driver app's
// back office, and the providers' webhooks.
package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/provider/taxportal"
	"github.com/ironkettle/taproute/internal/service"
)

// OrderAPI is what the order endpoints need.
type OrderAPI interface {
	Create(ctx context.Context, idemKey, requestHash string, in service.CreateOrderInput) (domain.Order, bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
	Confirm(ctx context.Context, id uuid.UUID) (domain.Order, error)
	Cancel(ctx context.Context, id uuid.UUID) (domain.Order, error)
}

// AccountAPI is what the account endpoints need.
type AccountAPI interface {
	Create(ctx context.Context, in service.CreateAccountInput) (domain.Account, bool, error)
	Get(ctx context.Context, id string) (domain.Account, error)
	SetDeliveryWindow(ctx context.Context, id string, w service.DeliveryWindow) (domain.Account, error)
}

// DeliveryAPI is what the routing endpoints need.
type DeliveryAPI interface {
	PlanRoute(ctx context.Context, in service.PlanRouteInput) (domain.Route, error)
	Dispatch(ctx context.Context, routeID uuid.UUID) (domain.Route, error)
}

// KegAPI is what the keg endpoints need.
type KegAPI interface {
	RecordPickup(ctx context.Context, in service.PickupInput) (service.PickupResult, error)
	Adjust(ctx context.Context, accountID, idemKey string, in service.AdjustmentInput) (bool, error)
}

// ExciseAPI is what the excise endpoints need.
type ExciseAPI interface {
	CreateFiling(ctx context.Context, in service.CreateFilingInput) (domain.ExciseFiling, error)
	Get(ctx context.Context, id uuid.UUID) (domain.ExciseFiling, error)
	Submit(ctx context.Context, id uuid.UUID, preparedBy string) (domain.ExciseFiling, error)
	Amend(ctx context.Context, id uuid.UUID, in service.AmendInput) (domain.ExciseAmendment, error)
	HandlePortalEvent(ctx context.Context, evt taxportal.Event) error
}

// InvoiceAPI is what the invoice endpoints need.
type InvoiceAPI interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Invoice, error)
	QueueResend(ctx context.Context, id uuid.UUID) (domain.Invoice, error)
}

// PaymentAPI is what the payment endpoints and ACH webhook need.
type PaymentAPI interface {
	PayInvoice(ctx context.Context, invoiceID uuid.UUID, idemKey string, in service.PayInput) (domain.Payment, error)
	HandleACHEvent(ctx context.Context, evt ach.Event) error
}

// CleaningAPI is what the line-cleaning endpoints need.
type CleaningAPI interface {
	Schedule(ctx context.Context, id string, in service.ScheduleInput) (domain.CleaningAppointment, error)
	Complete(ctx context.Context, id string, linesCleaned int) (domain.CleaningAppointment, error)
}

// ACHWebhooks verifies and decodes ACH provider webhooks.
type ACHWebhooks interface {
	ParseWebhook(sigHeader string, body []byte) (ach.Event, error)
}

// PortalWebhooks verifies tax portal webhooks.
type PortalWebhooks interface {
	VerifyWebhook(signature string, body []byte) bool
}

// API bundles the dependencies of every handler.
type API struct {
	Orders     OrderAPI
	Accounts   AccountAPI
	Deliveries DeliveryAPI
	Kegs       KegAPI
	Excise     ExciseAPI
	Invoices   InvoiceAPI
	Payments   PaymentAPI
	Cleaning   CleaningAPI
	ACHHooks   ACHWebhooks
	TaxHooks   PortalWebhooks
}

// NewAPI constructs the API from the concrete services.
func NewAPI(orders *service.OrderService, accounts *service.AccountService, deliveries *service.DeliveryService,
	kegs *service.KegService, excise *service.ExciseService, invoices *service.InvoiceService,
	payments *service.PaymentService, cleaning *service.CleaningService, achClient *ach.Client,
	portal *taxportal.Client) *API {
	return &API{
		Orders: orders, Accounts: accounts, Deliveries: deliveries, Kegs: kegs, Excise: excise,
		Invoices: invoices, Payments: payments, Cleaning: cleaning, ACHHooks: achClient, TaxHooks: portal,
	}
}

// NewRouter mounts every route.
func NewRouter(a *API) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Route("/accounts", func(r chi.Router) {
			r.Post("/", createAccount(a.Accounts))
			r.Get("/{accountID}", getAccount(a.Accounts))
			r.Put("/{accountID}/delivery-window", putDeliveryWindow(a.Accounts))
			r.Post("/{accountID}/deposit-adjustments", adjustDeposit(a.Kegs))
		})
		r.Route("/orders", func(r chi.Router) {
			r.Post("/", createOrder(a.Orders))
			r.Get("/{orderID}", getOrder(a.Orders))
			r.Post("/{orderID}/confirm", confirmOrder(a.Orders))
			r.Post("/{orderID}/cancel", cancelOrder(a.Orders))
		})
		r.Route("/routes", func(r chi.Router) {
			r.Post("/", planRoute(a.Deliveries))
			r.Post("/{routeID}/dispatch", dispatchRoute(a.Deliveries))
		})
		r.Post("/keg-pickups", recordPickup(a.Kegs))
		r.Route("/excise/filings", func(r chi.Router) {
			r.Post("/", createFiling(a.Excise))
			r.Get("/{filingID}", getFiling(a.Excise))
			r.Post("/{filingID}/submit", submitFiling(a.Excise))
			r.Post("/{filingID}/amendments", amendFiling(a.Excise))
		})
		r.Route("/invoices", func(r chi.Router) {
			r.Get("/{invoiceID}", getInvoice(a.Invoices))
			r.Post("/{invoiceID}/send", resendInvoice(a.Invoices))
			r.Post("/{invoiceID}/payments", payInvoice(a.Payments))
		})
		r.Route("/cleaning/appointments", func(r chi.Router) {
			r.Post("/", scheduleCleaning(a.Cleaning))
			r.Post("/{appointmentID}/complete", completeCleaning(a.Cleaning))
		})
	})

	r.Route("/webhooks", func(r chi.Router) {
		r.Post("/ach", achWebhook(a.ACHHooks, a.Payments))
		r.Post("/taxportal", taxPortalWebhook(a.TaxHooks, a.Excise))
	})
	return r
}

// NewServer builds the HTTP server.
func NewServer(cfg config.Config, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      35 * time.Second,
		IdleTimeout:       90 * time.Second,
	}
}
