// Package httpapi exposes the services over HTTP with gin.
package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

type route struct {
	method  string
	path    string
	handler httpx.Handler
}

// Group is one set of routes sharing a prefix and middleware.
type Group struct {
	Prefix     string
	Middleware []gin.HandlerFunc
	routes     []route
}

// RouteProvider is implemented by each handler set.
type RouteProvider interface {
	Routes() Group
}

func NewRouter(providers []RouteProvider) *gin.Engine {
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	for _, p := range providers {
		g := p.Routes()
		rg := r.Group(g.Prefix, g.Middleware...)
		for _, rt := range g.routes {
			rg.Handle(rt.method, rt.path, httpx.Wrap(rt.handler))
		}
	}
	return r
}
