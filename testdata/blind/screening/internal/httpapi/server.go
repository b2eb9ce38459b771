// Package httpapi is the REST API used by property managers, plus the
// inbound webhook endpoints of our providers and the internal scheduler
// routes.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/providers/idverify"
	"github.com/tenantlens/screening/internal/providers/payments"
	"github.com/tenantlens/screening/internal/providers/printmail"
	"github.com/tenantlens/screening/internal/services/applications"
	"github.com/tenantlens/screening/internal/services/billing"
	"github.com/tenantlens/screening/internal/services/fees"
	"github.com/tenantlens/screening/internal/services/letters"
	"github.com/tenantlens/screening/internal/services/webhooks"
)

// Applications is the intake service.
type Applications interface {
	Create(ctx context.Context, managerID, idemKey string, in applications.CreateInput) (domain.Application, *applications.Replay, error)
	Get(ctx context.Context, managerID, id string) (domain.Application, error)
	ReplaceApplicant(ctx context.Context, managerID, id string, ap domain.Applicant) (domain.Application, error)
	RecordConsent(ctx context.Context, managerID, applicationID string, in applications.ConsentInput) (domain.Consent, bool, error)
	Withdraw(ctx context.Context, managerID, id string) (domain.Application, error)
}

// Identity runs identity verification.
type Identity interface {
	Start(ctx context.Context, managerID, applicationID string) (domain.IdentityVerification, error)
	HandleEvent(ctx context.Context, evt idverify.Event) error
}

// Reports orders bureau reports.
type Reports interface {
	Order(ctx context.Context, managerID, applicationID string, types []string) ([]domain.ReportOrder, error)
	Orders(ctx context.Context, managerID, applicationID string) ([]domain.ReportOrder, error)
}

// Fees charges and refunds application fees.
type Fees interface {
	Charge(ctx context.Context, managerID, applicationID, paymentMethodID string) (domain.FeeCharge, error)
	Refund(ctx context.Context, managerID, applicationID, requestKey string, in fees.RefundInput) (domain.FeeRefund, error)
	ApplyEvent(ctx context.Context, evt payments.Event) error
}

// Letters records decisions and tracks adverse-action mail.
type Letters interface {
	Decide(ctx context.Context, managerID, applicationID string, in letters.DecisionInput) (domain.Application, []domain.Letter, error)
	Letters(ctx context.Context, managerID, applicationID string) ([]domain.Letter, error)
	HandlePrintMailEvent(ctx context.Context, evt printmail.Event) error
}

// Subscriptions manages landlord webhook endpoints.
type Subscriptions interface {
	Subscribe(ctx context.Context, managerID string, in webhooks.SubscribeInput) (domain.WebhookSubscription, bool, error)
	Unsubscribe(ctx context.Context, managerID, id string) error
}

// Billing runs invoicing.
type Billing interface {
	EnsureCustomer(ctx context.Context, managerID string) (string, error)
	BuildInvoices(ctx context.Context, p billing.Period) (billing.RunSummary, error)
}

// StripeEvents verifies and de-duplicates Stripe webhook deliveries.
type StripeEvents interface {
	ParseWebhook(payload []byte, sigHeader string) (payments.Event, error)
}

// EventLedger records provider webhook event ids.
type EventLedger interface {
	MarkStripeEventProcessed(ctx context.Context, eventID, eventType string) (bool, error)
}

// Deps is everything the API needs; main fills it in.
type Deps struct {
	Log           *slog.Logger
	NewID         func() string
	Managers      ManagerLookup
	Applications  Applications
	Identity      Identity
	Reports       Reports
	Fees          Fees
	Letters       Letters
	Subscriptions Subscriptions
	Billing       Billing
	Stripe        StripeEvents
	Ledger        EventLedger
	Health        func(context.Context) error

	IDVerifySecret  string
	PrintMailSecret string
	InternalToken   string
}

// Server owns the route table.
type Server struct {
	d Deps
}

func NewServer(d Deps) *Server { return &Server{d: d} }

// Handler builds the mux and the middleware chain.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	authed := func(h http.HandlerFunc) http.Handler {
		return Chain(h, RequireManager(s.d.Managers))
	}

	mux.HandleFunc("GET /healthz", s.health)

	mux.Handle("POST /v1/applications", authed(s.createApplication))
	mux.Handle("GET /v1/applications/{id}", authed(s.getApplication))
	mux.Handle("PUT /v1/applications/{id}/applicant", authed(s.replaceApplicant))
	mux.Handle("POST /v1/applications/{id}/consents", authed(s.recordConsent))
	mux.Handle("POST /v1/applications/{id}/withdraw", authed(s.withdraw))
	mux.Handle("POST /v1/applications/{id}/identity-verifications", authed(s.startIdentity))
	mux.Handle("POST /v1/applications/{id}/report-orders", authed(s.orderReports))
	mux.Handle("GET /v1/applications/{id}/report-orders", authed(s.listOrders))
	mux.Handle("POST /v1/applications/{id}/fee", authed(s.chargeFee))
	mux.Handle("POST /v1/applications/{id}/fee/refunds", authed(s.refundFee))
	mux.Handle("POST /v1/applications/{id}/decision", authed(s.decide))
	mux.Handle("GET /v1/applications/{id}/letters", authed(s.listLetters))

	mux.Handle("POST /v1/webhook-subscriptions", authed(s.subscribe))
	mux.Handle("DELETE /v1/webhook-subscriptions/{id}", authed(s.unsubscribe))
	mux.Handle("POST /v1/billing-account", authed(s.ensureBillingAccount))

	mux.HandleFunc("POST /webhooks/stripe", s.stripeWebhook)
	mux.HandleFunc("POST /webhooks/printmail", s.printMailWebhook)
	mux.HandleFunc("POST /webhooks/idverify", s.idVerifyWebhook)

	mux.Handle("POST /internal/billing-runs", Chain(http.HandlerFunc(s.billingRun), RequireInternalToken(s.d.InternalToken)))

	return Chain(mux,
		RequestID(s.d.NewID),
		Logger(s.d.Log),
		Recover(s.d.Log),
		MaxBody(1<<20),
	)
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	if s.d.Health != nil {
		if err := s.d.Health(r.Context()); err != nil {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "degraded"})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
