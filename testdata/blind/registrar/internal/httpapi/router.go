// Package httpapi is the customer and admin HTTP API.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"go.uber.org/dig"
)

type RouterDeps struct {
	dig.In

	Handlers  Handlers
	Tokens    TokenResolver
	Responses ResponseStore
	Log       *slog.Logger
}

// NewRouter builds the gin engine with every route group.
func NewRouter(d RouterDeps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(d.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	h := d.Handlers
	v1 := r.Group("/v1", Auth(d.Tokens))
	{
		v1.POST("/registrations", h.createRegistration)
		v1.POST("/transfers", Idempotent(d.Responses, "transfer", d.Log), h.createTransfer)
		v1.GET("/orders/:id", h.getOrder)

		dom := v1.Group("/domains")
		dom.GET("", h.listDomains)
		dom.POST("/:name/renewals", h.renewDomain)
		dom.PUT("/:name/nameservers", h.setNameservers)
		dom.PUT("/:name/auto-renew", h.setAutoRenew)
		dom.POST("/:name/dns/records", h.addRecord)
		dom.DELETE("/:name/dns/records/:id", h.deleteRecord)

		v1.GET("/contacts", h.listContacts)
		v1.POST("/contacts", h.createContact)

		v1.POST("/payment-methods", h.addPaymentMethod)
		v1.POST("/account/topups", h.topUp)
	}

	admin := r.Group("/admin", Auth(d.Tokens), RequireAdmin())
	{
		admin.POST("/orders/:id/refund", h.refundOrder)
		admin.POST("/accounts/:id/credit-adjustments", h.adjustCredit)
	}
	return r
}
