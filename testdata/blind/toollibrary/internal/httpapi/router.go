// Package httpapi is the gin HTTP API: the member app API, the staff
// console API and the inbound webhooks.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Handlers bundles every HTTP handler group.
type Handlers struct {
	Members      *MemberHandler
	Reservations *ReservationHandler
	Loans        *LoanHandler
	Staff        *StaffHandler
	Fees         *FeeHandler
	Webhooks     *WebhookHandler
}

type routeDef struct {
	method string
	path   string
	handle gin.HandlerFunc
}

// NewRouter builds the gin engine.
func NewRouter(h *Handlers, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	// Sign-up is called before the member has a session.
	public := r.Group("/v1")
	register(public, []routeDef{
		{http.MethodPost, "/members", h.Members.Register},
	})

	member := r.Group("/v1", memberAuth())
	register(member, []routeDef{
		{http.MethodGet, "/members/me", h.Members.Me},
		{http.MethodPost, "/reservations", h.Reservations.Create},
		{http.MethodPost, "/reservations/:id/cancel", h.Reservations.Cancel},
		{http.MethodPost, "/reservations/:id/checkout", h.Reservations.Checkout},
		{http.MethodGet, "/loans/:id", h.Loans.Get},
		{http.MethodPost, "/loans/:id/extend", h.Loans.Extend},
		{http.MethodPost, "/loans/:id/damage-reports", h.Loans.ReportDamage},
		{http.MethodPost, "/loans/:id/return-request", h.Loans.RequestReturn},
		{http.MethodPost, "/fees/:id/pay", h.Fees.Pay},
	})

	staff := r.Group("/v1/staff", staffAuth())
	register(staff, []routeDef{
		{http.MethodPost, "/lockers/:id/open", h.Staff.OpenLocker},
		{http.MethodPost, "/loans/:id/inspection", h.Staff.SubmitInspection},
	})

	hooks := r.Group("/webhooks")
	register(hooks, []routeDef{
		{http.MethodPost, "/cardpay", h.Webhooks.CardPay},
		{http.MethodPost, "/locker", h.Webhooks.Locker},
		{http.MethodPost, "/repair/:partner", h.Webhooks.RepairPartner},
		{http.MethodPost, "/sms/receipts", h.Webhooks.SMSReceipt},
	})
	return r
}

func register(g *gin.RouterGroup, routes []routeDef) {
	for _, rt := range routes {
		g.Handle(rt.method, rt.path, rt.handle)
	}
}
