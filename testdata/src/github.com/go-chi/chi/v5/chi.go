// Package chi is a stub of github.com/go-chi/chi/v5 v5.5.0 for analysistest.
package chi

import (
	"context"
	"net/http"
)

// Router is trimmed (real one also embeds Routes and has Connect/Head/Options/Query/Trace/NotFound/MethodNotAllowed).
type Router interface {
	http.Handler
	Use(middlewares ...func(http.Handler) http.Handler)
	With(middlewares ...func(http.Handler) http.Handler) Router
	Group(fn func(r Router)) Router
	Route(pattern string, fn func(r Router)) Router
	Mount(pattern string, h http.Handler)
	Handle(pattern string, h http.Handler)
	HandleFunc(pattern string, h http.HandlerFunc)
	Method(method, pattern string, h http.Handler)
	MethodFunc(method, pattern string, h http.HandlerFunc)
	Delete(pattern string, h http.HandlerFunc)
	Get(pattern string, h http.HandlerFunc)
	Patch(pattern string, h http.HandlerFunc)
	Post(pattern string, h http.HandlerFunc)
	Put(pattern string, h http.HandlerFunc)
}

type Mux struct{}

func NewRouter() *Mux { return &Mux{} }
func NewMux() *Mux    { return &Mux{} }

func URLParam(r *http.Request, key string) string            { return "" }
func URLParamFromCtx(ctx context.Context, key string) string { return "" }

func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request)              {}
func (mx *Mux) Use(middlewares ...func(http.Handler) http.Handler)            {}
func (mx *Mux) With(middlewares ...func(http.Handler) http.Handler) Router    { return mx }
func (mx *Mux) Group(fn func(r Router)) Router                                { return mx }
func (mx *Mux) Route(pattern string, fn func(r Router)) Router                { return mx }
func (mx *Mux) Mount(pattern string, handler http.Handler)                    {}
func (mx *Mux) Handle(pattern string, handler http.Handler)                   {}
func (mx *Mux) HandleFunc(pattern string, handlerFn http.HandlerFunc)         {}
func (mx *Mux) Method(method, pattern string, handler http.Handler)           {}
func (mx *Mux) MethodFunc(method, pattern string, handlerFn http.HandlerFunc) {}
func (mx *Mux) Delete(pattern string, handlerFn http.HandlerFunc)             {}
func (mx *Mux) Get(pattern string, handlerFn http.HandlerFunc)                {}
func (mx *Mux) Patch(pattern string, handlerFn http.HandlerFunc)              {}
func (mx *Mux) Post(pattern string, handlerFn http.HandlerFunc)               {}
func (mx *Mux) Put(pattern string, handlerFn http.HandlerFunc)                {}

var _ Router = (*Mux)(nil)
