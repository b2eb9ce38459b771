// Package webhooks receives event deliveries from the payment gateway, the
// registry and the DNS provider.
package webhooks

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"go.uber.org/dig"
)

const ctxRawBody = "raw_body"

// RawBody reads the request body once so that handlers can verify signatures
// over the exact bytes.
func RawBody(limit int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		b, err := io.ReadAll(io.LimitReader(c.Request.Body, limit))
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		c.Set(ctxRawBody, b)
		c.Next()
	}
}

func rawBody(c *gin.Context) []byte {
	if v, ok := c.Get(ctxRawBody); ok {
		return v.([]byte)
	}
	return nil
}

type RouterDeps struct {
	dig.In

	Payments *PaymentEvents
	Registry *RegistryEvents
	DNS      *DNSEvents
	Log      *slog.Logger
}

// NewRouter mounts the provider webhooks.
func NewRouter(d RouterDeps) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	hooks := r.Group("/webhooks", RawBody(1<<20))
	{
		hooks.POST("/paygate", d.Payments.Handle)
		hooks.POST("/registry", d.Registry.Handle)
		hooks.POST("/zonecloud", d.DNS.Handle)
	}
	return r
}
