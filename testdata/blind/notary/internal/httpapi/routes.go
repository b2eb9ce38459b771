// Package httpapi registers the public API routes.
package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"go.uber.org/dig"

	"github.com/sealpoint-labs/notary/internal/fees"
	"github.com/sealpoint-labs/notary/internal/httpx"
	"github.com/sealpoint-labs/notary/internal/identity"
	"github.com/sealpoint-labs/notary/internal/journal"
	"github.com/sealpoint-labs/notary/internal/recording"
	"github.com/sealpoint-labs/notary/internal/reqctx"
	"github.com/sealpoint-labs/notary/internal/sealing"
	"github.com/sealpoint-labs/notary/internal/session"
)

// Services is filled by dig.
type Services struct {
	dig.In

	Auth      reqctx.Authenticator
	Sessions  session.Service
	Identity  identity.Service
	Fees      fees.Service
	Sealing   sealing.Service
	Copies    sealing.CopyService
	Journal   journal.Service
	Recording recording.Service
}

func Register(e *echo.Echo, s Services) {
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	api := e.Group("/v1", reqctx.Middleware(s.Auth))

	api.POST("/sessions", httpx.Handle(s.Sessions.Book, httpx.Status(http.StatusCreated)))
	api.POST("/sessions/:id/cancel", httpx.Handle(s.Sessions.Cancel))
	api.POST("/sessions/:id/identity-checks", httpx.Handle(s.Identity.StartCheck, httpx.Status(http.StatusCreated)))
	api.POST("/sessions/:id/fees", httpx.Handle(s.Fees.Collect, httpx.Status(http.StatusCreated)))
	api.POST("/sessions/:id/journal", httpx.Handle(s.Journal.Record, httpx.Status(http.StatusCreated)))

	api.POST("/documents/:id/seal", httpx.Handle(s.Sealing.Seal))
	api.POST("/documents/:id/certified-copies", httpx.Handle(s.Copies.Issue, httpx.Status(http.StatusCreated)))
	api.POST("/documents/:id/recordings", httpx.Handle(s.Recording.Request, httpx.Status(http.StatusAccepted)))

	hooks := e.Group("/v1/webhooks")
	hooks.POST("/kyc", httpx.Webhook(s.Identity.HandleWebhook), reqctx.ServiceIdentity("veridocs"))
	hooks.POST("/payments", httpx.Webhook(s.Fees.HandleProviderEvent), reqctx.ServiceIdentity("tillpoint"))
}
