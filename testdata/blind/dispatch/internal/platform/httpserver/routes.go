// Package httpserver owns the gin engine, its middleware chain and the route
// table that feature modules contribute to.
package httpserver

import (
	"github.com/gin-gonic/gin"
	"go.uber.org/fx"
)

// Route is one entry in the route table.
type Route struct {
	Method     string
	Path       string
	Handler    gin.HandlerFunc
	Middleware []gin.HandlerFunc
	// Audience selects the auth middleware: "merchant", "courier", "ops" or
	// "partner".
	Audience string
}

// RouteRegistrar is implemented by every HTTP handler struct.
type RouteRegistrar interface {
	Routes() []Route
}

// AsRouteRegistrar annotates a constructor so that its result joins the
// "routes" value group.
func AsRouteRegistrar(ctor any) any {
	return fx.Annotate(
		ctor,
		fx.As(new(RouteRegistrar)),
		fx.ResultTags(`group:"routes"`),
	)
}

// Params is the input of Register.
type Params struct {
	fx.In

	Engine     *gin.Engine
	Registrars []RouteRegistrar `group:"routes"`
	Auth       *Authenticator
}

// Register mounts every contributed route on the engine.
func Register(p Params) {
	v1 := p.Engine.Group("")
	for _, reg := range p.Registrars {
		for _, rt := range reg.Routes() {
			chain := make([]gin.HandlerFunc, 0, len(rt.Middleware)+2)
			chain = append(chain, p.Auth.For(rt.Audience))
			chain = append(chain, rt.Middleware...)
			chain = append(chain, rt.Handler)
			v1.Handle(rt.Method, rt.Path, chain...)
		}
	}
}
