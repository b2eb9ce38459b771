// Package echo is a stub of github.com/labstack/echo/v4 v4.13.4 for analysistest.
package echo

import "net/http"

type Map map[string]interface{}

// Context is trimmed; the real interface has ~55 methods.
type Context interface {
	Request() *http.Request
	Param(name string) string
	QueryParam(name string) string
	FormValue(name string) string
	Get(key string) interface{}
	Set(key string, val interface{})
	Bind(i interface{}) error
	String(code int, s string) error
	JSON(code int, i interface{}) error
	NoContent(code int) error
}

type HandlerFunc func(c Context) error
type MiddlewareFunc func(next HandlerFunc) HandlerFunc

type Route struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Name   string `json:"name"`
}

type Echo struct{}
type Group struct{}

func New() (e *Echo)                                                           { return &Echo{} }
func (e *Echo) Use(middleware ...MiddlewareFunc)                               {}
func (e *Echo) Start(address string) error                                     { return nil }
func (e *Echo) Group(prefix string, m ...MiddlewareFunc) (g *Group)            { return &Group{} }
func (e *Echo) GET(path string, h HandlerFunc, m ...MiddlewareFunc) *Route     { return nil }
func (e *Echo) POST(path string, h HandlerFunc, m ...MiddlewareFunc) *Route    { return nil }
func (e *Echo) PUT(path string, h HandlerFunc, m ...MiddlewareFunc) *Route     { return nil }
func (e *Echo) PATCH(path string, h HandlerFunc, m ...MiddlewareFunc) *Route   { return nil }
func (e *Echo) DELETE(path string, h HandlerFunc, m ...MiddlewareFunc) *Route  { return nil }
func (g *Group) GET(path string, h HandlerFunc, m ...MiddlewareFunc) *Route    { return nil }
func (g *Group) POST(path string, h HandlerFunc, m ...MiddlewareFunc) *Route   { return nil }
func (g *Group) PUT(path string, h HandlerFunc, m ...MiddlewareFunc) *Route    { return nil }
func (g *Group) DELETE(path string, h HandlerFunc, m ...MiddlewareFunc) *Route { return nil }
