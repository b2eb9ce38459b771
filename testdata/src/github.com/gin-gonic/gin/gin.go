// Package gin is a stub of github.com/gin-gonic/gin v1.10.1 for analysistest.
package gin

import "net/http"

type H map[string]any

type HandlerFunc func(*Context)
type HandlersChain []HandlerFunc
type OptionFunc func(*Engine)

type ResponseWriter interface {
	http.ResponseWriter
	Status() int
}

type Param struct {
	Key   string
	Value string
}
type Params []Param

type Context struct {
	Request *http.Request
	Writer  ResponseWriter
	Params  Params
	Keys    map[string]any
}

func (c *Context) Next()                                         {}
func (c *Context) Abort()                                        {}
func (c *Context) AbortWithStatus(code int)                      {}
func (c *Context) AbortWithStatusJSON(code int, jsonObj any)     {}
func (c *Context) GetString(key string) (s string)               { return "" }
func (c *Context) Param(key string) string                       { return "" }
func (c *Context) Query(key string) (value string)               { return "" }
func (c *Context) PostForm(key string) (value string)            { return "" }
func (c *Context) BindJSON(obj any) error                        { return nil }
func (c *Context) ShouldBindJSON(obj any) error                  { return nil }
func (c *Context) Status(code int)                               {}
func (c *Context) Header(key, value string)                      {}
func (c *Context) GetHeader(key string) string                   { return "" }
func (c *Context) JSON(code int, obj any)                        {}
func (c *Context) String(code int, format string, values ...any) {}

// IRoutes is trimmed (real one also has OPTIONS, HEAD, Match, Static*).
type IRoutes interface {
	Use(...HandlerFunc) IRoutes
	Handle(string, string, ...HandlerFunc) IRoutes
	Any(string, ...HandlerFunc) IRoutes
	GET(string, ...HandlerFunc) IRoutes
	POST(string, ...HandlerFunc) IRoutes
	DELETE(string, ...HandlerFunc) IRoutes
	PATCH(string, ...HandlerFunc) IRoutes
	PUT(string, ...HandlerFunc) IRoutes
}

type IRouter interface {
	IRoutes
	Group(string, ...HandlerFunc) *RouterGroup
}

type RouterGroup struct {
	Handlers HandlersChain
	basePath string
	engine   *Engine
	root     bool
}

func (group *RouterGroup) Use(middleware ...HandlerFunc) IRoutes { return group }
func (group *RouterGroup) Group(relativePath string, handlers ...HandlerFunc) *RouterGroup {
	return group
}
func (group *RouterGroup) Handle(httpMethod, relativePath string, handlers ...HandlerFunc) IRoutes {
	return group
}
func (group *RouterGroup) POST(relativePath string, handlers ...HandlerFunc) IRoutes   { return group }
func (group *RouterGroup) GET(relativePath string, handlers ...HandlerFunc) IRoutes    { return group }
func (group *RouterGroup) DELETE(relativePath string, handlers ...HandlerFunc) IRoutes { return group }
func (group *RouterGroup) PATCH(relativePath string, handlers ...HandlerFunc) IRoutes  { return group }
func (group *RouterGroup) PUT(relativePath string, handlers ...HandlerFunc) IRoutes    { return group }
func (group *RouterGroup) Any(relativePath string, handlers ...HandlerFunc) IRoutes    { return group }

// Engine embeds RouterGroup, so GET/POST/... are promoted methods of *RouterGroup.
type Engine struct {
	RouterGroup
}

func New(opts ...OptionFunc) *Engine                                      { return &Engine{} }
func Default(opts ...OptionFunc) *Engine                                  { return &Engine{} }
func (engine *Engine) Use(middleware ...HandlerFunc) IRoutes              { return engine }
func (engine *Engine) Run(addr ...string) (err error)                     { return nil }
func (engine *Engine) ServeHTTP(w http.ResponseWriter, req *http.Request) {}

var (
	_ IRouter = (*RouterGroup)(nil)
	_ IRouter = (*Engine)(nil)
)
