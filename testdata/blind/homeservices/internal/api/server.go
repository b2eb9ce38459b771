// Package api is the HTTP API: customer and technician endpoints and the
// provider webhooks.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/httpx"
	"github.com/tradeloop/homeservices/internal/provider/insurer"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/conversations"
	"github.com/tradeloop/homeservices/internal/service/dispatch"
	"github.com/tradeloop/homeservices/internal/service/jobs"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/service/quotes"
	"github.com/tradeloop/homeservices/internal/service/warranty"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the HTTP server.
var ProviderSet = wire.NewSet(wire.Struct(new(Handlers), "*"), NewEngine, NewServer)

// Handlers holds everything the HTTP handlers call.
type Handlers struct {
	Jobs            *jobs.Service
	Quotes          *quotes.Service
	Billing         *billing.Service
	Warranty        *warranty.Service
	Conversations   *conversations.Service
	Dispatch        *dispatch.Service
	StripeEvents    *billing.StripeEvents
	StripeParser    *stripepay.EventParser
	Notifier        *notify.Sender
	SMSVerifier     *sms.Verifier
	InsurerVerifier *insurer.Verifier
	Repos           *store.Repos
}

// NewEngine builds the gin engine with all routes.
func NewEngine(h *Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(gin.Recovery(), requestLogger())

	e.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := httpx.NewRouter(e.Group("/v1", authenticate()))
	customer := requireRole(roleCustomer)
	technician := requireRole(roleTechnician)
	support := requireRole(roleSupport)

	v1.POST("/jobs", h.postJob, customer)
	v1.GET("/jobs/:id", h.getJob, customer)
	v1.POST("/jobs/:id/cancel", h.cancelJob, customer)
	v1.POST("/jobs/:id/complete", h.completeJob, customer)
	v1.POST("/jobs/:id/reschedule", h.rescheduleJob, customer, idempotent("reschedule", h.Repos.Idempotency))
	v1.POST("/jobs/:id/review", h.reviewJob, customer)
	v1.GET("/jobs/:id/messages", h.listMessages, customer)
	v1.POST("/jobs/:id/messages", h.postMessage, customer)
	v1.POST("/jobs/:id/warranty-claims", h.fileWarrantyClaim, customer)
	v1.POST("/jobs/:id/quotes", h.submitQuote, technician)
	v1.POST("/quotes/:id/accept", h.acceptQuote, customer)
	v1.POST("/jobs/:id/refunds", h.requestRefund, support)

	hooks := httpx.NewRouter(e.Group("/webhooks"))
	hooks.POST("/stripe", h.stripeWebhook)
	hooks.POST("/insurer", h.insurerWebhook)
	hooks.POST("/sms/inbound", h.smsInbound)
	hooks.POST("/sms/status", h.smsStatus)
	return e
}

// NewServer builds the HTTP server.
func NewServer(cfg *config.Config, e *gin.Engine) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           e,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
}

func requestLogger() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		slog.Info("http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
		)
	}
}
