// Package httpapi exposes the services over HTTP with gin.
package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/httpx"
	"github.com/kerfhall/makerspace/internal/service"
)

// Services are the dependencies of the HTTP layer.
type Services struct {
	Members  *service.MembershipService
	Bookings *service.BookingService
	POS      *service.POSService
	Certs    *service.CertificationService
	Dues     *service.DuesService
	Machines *service.MachineService
	Access   *service.AccessService
}

// Handlers holds the route handlers that need more than the generic adapter.
type Handlers struct {
	svc       Services
	responses httpx.ResponseStore
	webhooks  *WebhookHandlers
	newSaleID func() string
}

// NewHandlers builds the HTTP handlers.
func NewHandlers(svc Services, responses httpx.ResponseStore, webhooks *WebhookHandlers, newSaleID func() string) *Handlers {
	return &Handlers{svc: svc, responses: responses, webhooks: webhooks, newSaleID: newSaleID}
}

// NewRouter registers every route.
func NewRouter(h *Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), httpx.RequestLogger())

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")

	members := v1.Group("/members")
	members.POST("", httpx.Handle(h.svc.Members.Register, httpx.Status(http.StatusCreated)))
	members.GET("/:id", httpx.Handle(h.svc.Members.GetMember, httpx.NoBody()))
	members.PUT("/:id/profile", httpx.Handle(h.svc.Members.UpdateProfile))
	members.GET("/:id/account", httpx.Handle(h.svc.Members.GetAccount, httpx.NoBody()))
	members.POST("/:id/guest-passes", httpx.Handle(h.svc.Members.IssueGuestPass, httpx.Status(http.StatusCreated)))
	members.POST("/:id/credits", httpx.Idempotent(h.responses), httpx.Handle(h.svc.Members.AdjustCredit))

	bookings := v1.Group("/bookings")
	bookings.POST("", httpx.Handle(h.svc.Bookings.Book, httpx.Status(http.StatusCreated)))
	bookings.POST("/:id/cancel", httpx.Handle(h.svc.Bookings.Cancel, httpx.NoBody()))

	pos := v1.Group("/pos")
	pos.POST("/sales", httpx.Handle(h.createTabSale, httpx.Status(http.StatusCreated)))
	pos.POST("/card-sales", httpx.Handle(h.svc.POS.CreateCardSale, httpx.Status(http.StatusCreated)))
	pos.GET("/sales/:id", httpx.Handle(h.svc.POS.GetSale, httpx.NoBody()))
	pos.POST("/sales/:id/refunds", httpx.Handle(h.svc.POS.RefundSale, httpx.Status(http.StatusCreated)))

	certs := v1.Group("/certifications")
	certs.POST("", httpx.Handle(h.svc.Certs.Certify, httpx.Status(http.StatusCreated)))
	certs.POST("/:id/revoke", httpx.Handle(h.svc.Certs.Revoke))

	dues := v1.Group("/dues")
	dues.POST("/runs", httpx.Handle(h.svc.Dues.StartCycle, httpx.Status(http.StatusAccepted)))
	v1.POST("/invoices/:id/pay", httpx.Handle(h.svc.Dues.PayInvoice))

	v1.POST("/machines/:id/maintenance", httpx.Handle(h.svc.Machines.LogMaintenance, httpx.Status(http.StatusCreated)))

	hooks := v1.Group("/webhooks")
	hooks.POST("/cardproc", h.webhooks.CardProcessor)
	hooks.POST("/doorctl", h.webhooks.DoorVendor)

	return r
}

// createTabSale assigns the sale its id at the edge, so the id shows up in the
// request log line before the service runs.
func (h *Handlers) createTabSale(ctx context.Context, req service.TabSaleRequest) (*domain.Sale, error) {
	req.SaleID = h.newSaleID()
	return h.svc.POS.CreateTabSale(ctx, req)
}
