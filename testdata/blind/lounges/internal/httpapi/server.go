package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	echomw "github.com/labstack/echo/v4/middleware"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/provider/payments"
	"github.com/aerolounge/loungepass/internal/service"
)

// Services is everything the handlers call.
type Services struct {
	Members         service.MemberService
	Memberships     service.MembershipService
	DayPasses       service.DayPassService
	Access          service.AccessService
	Guests          service.GuestService
	Partners        service.PartnerService
	Invoicing       service.InvoicingService
	Corporate       service.CorporateService
	Loyalty         service.LoyaltyService
	PaymentWebhooks service.PaymentWebhookService
	BillingWebhooks service.BillingWebhookService
}

type Options struct {
	AdminToken       string
	PartnerTokens    map[string]string
	PaymentsWebhook  *payments.WebhookVerifier
	BillingWebhook   *payments.WebhookVerifier
	IdempotencyStore middleware.IdempotencyStore
	Log              *slog.Logger
}

type handlers struct {
	svc Services
	opt Options
	log *slog.Logger
}

// NewServer builds the echo instance with every route registered.
func NewServer(svc Services, opt Options) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = ErrorHandler(opt.Log)
	e.Use(echomw.RequestID())
	e.Use(echomw.Recover())
	e.Use(echomw.BodyLimit("1M"))

	h := &handlers{svc: svc, opt: opt, log: opt.Log}

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1")

	// Stripe signs webhooks; no other auth.
	v1.POST("/webhooks/stripe/payments", h.stripePayments)
	v1.POST("/webhooks/stripe/billing", h.stripeBilling)

	v1.POST("/members", h.registerMember)

	member := v1.Group("", middleware.MemberAuth())
	member.POST("/members/:id/cards", h.linkCard)
	member.POST("/memberships", h.purchaseMembership)
	member.POST("/memberships/:id/cancel", h.cancelMembership)
	member.POST("/day-passes", h.buyDayPass)
	member.POST("/day-passes/:id/refunds", h.refundDayPass)
	member.POST("/guest-passes/purchases", h.purchaseGuestPasses,
		middleware.Idempotency(opt.IdempotencyStore, "guest-pass-purchase", opt.Log))
	member.POST("/guest-passes/transfers", h.transferGuestPass)
	member.POST("/guest-passes/claims", h.claimGuestPass)

	door := v1.Group("", middleware.DeviceAuth())
	door.POST("/lounges/:code/access", h.checkIn)
	door.POST("/visits/:id/guests", h.admitGuest)
	door.POST("/visits/:id/checkout", h.checkOut)

	partner := v1.Group("/partners/:airline", middleware.PartnerAuth(opt.PartnerTokens))
	partner.POST("/eligibility", h.pushEligibility)
	partner.POST("/invoices/:id/disputes", h.openDispute)

	admin := v1.Group("/admin", middleware.AdminAuth(opt.AdminToken))
	admin.POST("/invoice-runs", h.startInvoiceRun)
	admin.POST("/loyalty/resends", h.resendLoyalty)

	corp := v1.Group("/corporate", middleware.AdminAuth(opt.AdminToken))
	corp.POST("/accounts/:id/pass-batches", h.issuePassBatch)

	return e
}
