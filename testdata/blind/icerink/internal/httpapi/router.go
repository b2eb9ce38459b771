// Package httpapi exposes RinkOps over HTTP with gin: the front-desk and
// kiosk API under /v1, and provider webhooks under /webhooks.
package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/wire"

	"github.com/frostline-arena/rinkops/internal/platform"
)

var ProviderSet = wire.NewSet(
	NewSessionsAPI,
	NewLeaguesAPI,
	NewRentalsAPI,
	NewPassesAPI,
	NewMaintenanceAPI,
	NewCardpayWebhook,
	NewIceCareWebhook,
	NewCardpayEvents,
	platform.NewPgIdempotencyStore,
	wire.Bind(new(platform.IdempotencyStore), new(*platform.PgIdempotencyStore)),
	NewRouter,
	NewServer,
)

// route is one entry in the routing table each API contributes.
type route struct {
	method  string
	path    string
	handler gin.HandlerFunc
}

type routeSource interface {
	routes() []route
}

func NewRouter(
	idem platform.IdempotencyStore,
	sessions *SessionsAPI,
	leagues *LeaguesAPI,
	rentals *RentalsAPI,
	passes *PassesAPI,
	maintenance *MaintenanceAPI,
	cardpayHook *CardpayWebhook,
	icecareHook *IceCareWebhook,
) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	for _, src := range []routeSource{leagues, rentals, passes, maintenance} {
		for _, rt := range src.routes() {
			v1.Handle(rt.method, rt.path, rt.handler)
		}
	}
	// Online admissions come from the public booking site, whose checkout
	// retries with the same Idempotency-Key.
	public := v1.Group("", platform.Idempotency(idem))
	for _, rt := range sessions.routes() {
		public.Handle(rt.method, rt.path, rt.handler)
	}

	hooks := r.Group("/webhooks")
	hooks.POST("/cardpay", cardpayHook.Handle)
	hooks.POST("/icecare", icecareHook.Handle)
	return r
}

func NewServer(cfg *platform.Config, engine *gin.Engine) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           engine,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
}
