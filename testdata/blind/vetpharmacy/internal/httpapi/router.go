package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/httpapi/middleware"
	"github.com/kestrelvet/refillrx/internal/requestid"
)

type RouterParams struct {
	Owner     *OwnerHandler
	Clinic    *ClinicHandler
	Staff     *StaffHandler
	Webhooks  *WebhookHandler
	Responses middleware.ResponseStore
	Log       *slog.Logger
}

type route struct {
	method  string
	path    string
	handler gin.HandlerFunc
	extra   []gin.HandlerFunc
}

func NewRouter(p RouterParams) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestid.Middleware(), middleware.Errors(p.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	replay := middleware.ReplayResponses(p.Responses, p.Log)
	owner := r.Group("/v1", middleware.Require(middleware.HeaderOwner))
	for _, rt := range []route{
		{http.MethodPost, "/prescriptions/:id/refills", p.Owner.RequestRefill, nil},
		{http.MethodPost, "/orders", p.Owner.CreateOrder, []gin.HandlerFunc{replay}},
		{http.MethodPost, "/orders/:id/checkout", p.Owner.Checkout, nil},
	} {
		owner.Handle(rt.method, rt.path, append(rt.extra, rt.handler)...)
	}

	clinic := r.Group("/v1/clinic", middleware.Require(middleware.HeaderClinic))
	clinic.POST("/refills", p.Clinic.Initiate)
	clinic.POST("/refills/:id/approve", p.Clinic.Approve)
	clinic.POST("/refills/:id/decline", p.Clinic.Decline)

	staff := r.Group("/v1", middleware.Require(middleware.HeaderStaff))
	staff.POST("/pharmacy/orders/:id/dispense", p.Staff.Dispense)
	staff.POST("/admin/orders/:id/refunds", p.Staff.Refund)

	hooks := r.Group("/webhooks")
	hooks.POST("/stripe", p.Webhooks.Stripe)
	hooks.POST("/courier/tracking", p.Webhooks.CourierTracking)
	hooks.POST("/courier/exceptions", p.Webhooks.CourierException)
	hooks.POST("/clinics/:clinic/prescriptions", p.Webhooks.ClinicPrescription)
	return r
}
