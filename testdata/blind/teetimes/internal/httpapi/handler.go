package httpapi

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/service"
)

// Identity headers set by the API gateway after it authenticates the caller.
const (
	headerMemberID  = "X-Member-ID"
	headerStaffRole = "X-Staff-Role"
	headerIdemKey   = "Idempotency-Key"
)

// HandlerParams are the services the HTTP handlers call.
type HandlerParams struct {
	fx.In

	Config        *config.Config
	Log           *zap.Logger
	Bookings      service.Bookings
	Waitlist      service.Waitlist
	Vouchers      service.Vouchers
	Tournaments   service.Tournaments
	ProShop       service.ProShop
	RainChecks    service.RainChecks
	Marketplace   service.Marketplace
	PaymentEvents service.PaymentEvents
}

// Handler holds every HTTP handler as a method.
type Handler struct {
	bookings      service.Bookings
	waitlist      service.Waitlist
	vouchers      service.Vouchers
	tournaments   service.Tournaments
	proShop       service.ProShop
	rainChecks    service.RainChecks
	marketplace   service.Marketplace
	paymentEvents service.PaymentEvents

	webhookSecret string
	newID         ids.Func
	log           *zap.Logger
}

// NewHandler builds the Handler.
func NewHandler(p HandlerParams) *Handler {
	return &Handler{
		bookings:      p.Bookings,
		waitlist:      p.Waitlist,
		vouchers:      p.Vouchers,
		tournaments:   p.Tournaments,
		proShop:       p.ProShop,
		rainChecks:    p.RainChecks,
		marketplace:   p.Marketplace,
		paymentEvents: p.PaymentEvents,
		webhookSecret: p.Config.StripeWebhookSecret,
		newID:         ids.NewULID,
		log:           p.Log.Named("http"),
	}
}

// Register mounts the routes.
func (h *Handler) Register(e *echo.Echo) {
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	v1 := e.Group("/v1")
	v1.GET("/courses/:courseId/tee-times", h.ListTeeTimes)

	member := v1.Group("", requireMember)
	member.POST("/bookings", h.CreateBooking)
	member.GET("/bookings/:id", h.GetBooking)
	member.POST("/bookings/:id/checkout", h.CheckoutBooking)
	member.PUT("/bookings/:id/carts", h.SetCarts)
	member.POST("/bookings/:id/cancel", h.CancelBooking)
	member.POST("/waitlist", h.JoinWaitlist)
	member.POST("/waitlist/offers/:id/accept", h.AcceptOffer)
	member.POST("/vouchers/:code/redeem", h.RedeemVoucher)
	member.POST("/tournaments/:id/entries", h.EnterTournament)
	member.GET("/proshop/account", h.GetAccount)
	member.POST("/proshop/account/charges", h.ChargeAccount)
	member.POST("/proshop/account/settle", h.SettleTab)
	member.POST("/rainchecks/:id/apply", h.ApplyRainCheck)
	member.POST("/marketplace/sessions", h.BookSession)

	// Gift vouchers can be bought by anyone.
	v1.POST("/vouchers", h.PurchaseVoucher)

	staff := v1.Group("/staff", requireStaff)
	staff.POST("/bookings/:id/checkin", h.CheckInBooking)
	staff.POST("/tournaments/:id/prizes", h.AwardPrizes)
	staff.POST("/closures", h.DeclareClosure)
	staff.POST("/contractors", h.RegisterContractor)
	staff.POST("/marketplace/sessions/:id/complete", h.CompleteSession)

	v1.POST("/webhooks/stripe", h.StripeWebhook)
}

func requireMember(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if memberID(c) == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "member identity missing")
		}
		return next(c)
	}
}

func requireStaff(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch strings.ToLower(c.Request().Header.Get(headerStaffRole)) {
		case "starter", "pro", "manager":
			return next(c)
		}
		return echo.NewHTTPError(http.StatusForbidden, "staff role required")
	}
}

func memberID(c echo.Context) string {
	return strings.TrimSpace(c.Request().Header.Get(headerMemberID))
}

func idempotencyKey(c echo.Context) string {
	return strings.TrimSpace(c.Request().Header.Get(headerIdemKey))
}

// bind decodes the body into v and rejects malformed JSON.
func bind(c echo.Context, v any) error {
	if err := c.Bind(v); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed request body")
	}
	return nil
}
