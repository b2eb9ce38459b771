// Package httpapi is the HTTP surface: the ramp tablets, the dispatcher
// console, the ad-hoc sales desk and partner webhooks.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/platform/idempotency"
)

type Handlers struct {
	Turnarounds *TurnaroundHandlers
	Tasks       *TaskHandlers
	Ops         *OpsHandlers
	Adhoc       *AdhocHandlers
	Webhooks    *WebhookHandlers
}

func NewRouter(db *gorm.DB, h Handlers) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), requestLog())

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	{
		t := v1.Group("/turnarounds/:id")
		t.GET("", h.Turnarounds.get)
		t.POST("/service-lines", h.Turnarounds.addServiceLine)
		t.POST("/baggage-loads", idempotency.Middleware(db), h.Turnarounds.recordBaggageLoad)
		t.POST("/signoff", h.Turnarounds.signOff)
		t.POST("/crew-callouts", h.Turnarounds.callout)
		t.POST("/crew-assignments", h.Turnarounds.assignCrew)
		t.POST("/fuel-orders", h.Ops.requestFuel)
		t.POST("/deicing", h.Ops.requestDeicing)

		v1.POST("/tasks/:id/complete", h.Tasks.complete)
		v1.POST("/tasks/:id/events", h.Tasks.recordEvent)

		v1.POST("/adhoc-orders", h.Adhoc.placeOrder)
		v1.POST("/adhoc-orders/:id/surcharges", h.Adhoc.surcharge)
		v1.POST("/adhoc-orders/:id/cancel", h.Adhoc.cancel)
	}

	wh := r.Group("/webhooks")
	wh.POST("/stripe", h.Webhooks.stripe)
	wh.POST("/fuel", h.Webhooks.fuelDelivery)
	return r
}

func requestLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		slog.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds())
	}
}
