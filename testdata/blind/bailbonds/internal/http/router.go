// Package http assembles the gin engine for the api binary.
package http

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/app"
	"github.com/keystonebail/bondline/internal/http/handlers"
	"github.com/keystonebail/bondline/internal/http/webhooks"
	"github.com/keystonebail/bondline/internal/platform/httpx"
)

// NewRouter builds the engine from the container's services.
func NewRouter(c *app.Container) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery(), httpx.RequestIDMiddleware())

	r.GET("/healthz", func(ctx *gin.Context) {
		if err := c.DB.PingContext(ctx.Request.Context()); err != nil {
			ctx.AbortWithStatus(http.StatusServiceUnavailable)
			return
		}
		ctx.Status(http.StatusNoContent)
	})

	apps := handlers.Applications{Svc: c.Applications}
	prem := handlers.Premiums{Svc: c.Premiums}
	coll := handlers.Collateral{Svc: c.Collateral}
	chk := handlers.Checkins{Svc: c.Checkins}
	replay := httpx.ReplayByIdempotencyKey(c.Responses)

	v1 := r.Group("/v1")
	{
		v1.POST("/applications", apps.Submit)
		v1.POST("/applications/:id/approve", apps.Approve)
		v1.POST("/applications/:id/premium-payments", prem.Pay)
		v1.POST("/applications/:id/payment-plans", replay, prem.CreatePlan)

		v1.POST("/bonds/:id/collateral", coll.RecordDeposit)
		v1.POST("/bonds/:id/collateral/card", coll.ChargeCard)
		v1.POST("/bonds/:id/close", coll.CloseBond)

		v1.POST("/indemnitors/:id/checkins", chk.Record)
	}

	hooks := r.Group("")
	{
		hooks.POST("/webhooks/stripe", webhooks.Stripe{
			Secret: c.Config.StripeWebhook, Payments: c.Premiums,
		}.Handle)
		hooks.POST("/webhooks/surety", webhooks.Surety{
			Secret: c.Config.SuretyHook, Callbacks: c.Surety,
		}.Handle)
		hooks.POST("/feeds/county/notices", webhooks.County{
			Secret: c.Config.CountyFeedSecret, Intake: c.Forfeitures,
		}.Handle)
	}
	return r
}
