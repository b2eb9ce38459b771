package httpapi

import (
	"github.com/gin-gonic/gin"
	"go.uber.org/fx"
)

type route struct {
	method  string
	path    string
	handler gin.HandlerFunc
}

type routeParams struct {
	fx.In

	Engine    *gin.Engine
	Shipments *ShipmentHandler
	Account   *AccountHandler
	Admin     *AdminHandler
	Webhooks  *WebhookHandler
}

// RegisterRoutes mounts every handler group on the engine.
func RegisterRoutes(p routeParams) {
	mount := func(g *gin.RouterGroup, routes []route) {
		for _, r := range routes {
			g.Handle(r.method, r.path, r.handler)
		}
	}
	v1 := p.Engine.Group("/v1", requireImporter())
	mount(v1, p.Shipments.routes())
	mount(v1, p.Account.routes())
	mount(p.Engine.Group("/admin", requireAdmin()), p.Admin.routes())
	mount(p.Engine.Group("/webhooks"), p.Webhooks.routes())
}

// Module provides the handlers and registers their routes.
var Module = fx.Module("httpapi",
	fx.Provide(NewShipmentHandler, NewAccountHandler, NewAdminHandler, NewWebhookHandler),
	fx.Invoke(RegisterRoutes),
)
