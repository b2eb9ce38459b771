// Package api is the HTTP surface of the practice platform: front-desk and
// patient-portal endpoints plus the webhooks from Stripe, the dental lab
// and the clearing house.
package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/brightsmile-dental/practiceops/internal/platform/idempotency"
)

// Handlers groups the endpoint handlers the router mounts.
type Handlers struct {
	Appointments *AppointmentHandler
	Billing      *BillingHandler
	Claims       *ClaimsHandler
	Lab          *LabHandler
	Patients     *PatientHandler
	Webhooks     *WebhookHandler
}

type route struct {
	method  string
	path    string
	handler gin.HandlerFunc
	extra   []gin.HandlerFunc
}

// NewRouter builds the gin engine.
func NewRouter(h Handlers, idem idempotency.Store, log *slog.Logger) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(log))
	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	v1 := r.Group("/v1")
	routes := []route{
		{http.MethodPost, "/patients", h.Patients.Register, nil},
		{http.MethodPost, "/appointments", h.Appointments.Book, nil},
		{http.MethodPost, "/appointments/:id/cancel", h.Appointments.Cancel, nil},
		{http.MethodPost, "/statements/:id/payments", h.Billing.PayStatement, nil},
		{http.MethodPost, "/accounts/:patientID/adjustments", h.Billing.PostAdjustment,
			[]gin.HandlerFunc{Idempotency(idem, "adjustments", log)}},
		{http.MethodPost, "/claims", h.Claims.Create, nil},
		{http.MethodPost, "/claims/:id/submit", h.Claims.Submit, nil},
		{http.MethodPost, "/lab-cases/:id/orders", h.Lab.PlaceOrder, nil},
	}
	for _, rt := range routes {
		chain := append(append([]gin.HandlerFunc{}, rt.extra...), rt.handler)
		v1.Handle(rt.method, rt.path, chain...)
	}

	hooks := r.Group("/webhooks")
	hooks.POST("/stripe", h.Webhooks.Stripe)
	hooks.POST("/keystone", h.Webhooks.Lab)
	hooks.POST("/claimbridge/remittance", h.Webhooks.Remittance)
	return r
}
