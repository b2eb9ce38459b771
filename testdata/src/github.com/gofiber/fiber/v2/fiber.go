// Package fiber is a stub of github.com/gofiber/fiber/v2 v2.52.15 for analysistest.
package fiber

import "context"

const (
	StatusOK       = 200
	StatusCreated  = 201
	StatusConflict = 409
)

// Handler is a type alias (not a defined type) in the real package.
type Handler = func(*Ctx) error

type Map map[string]interface{}

type Config struct {
	AppName string
}

type Ctx struct{}

func (c *Ctx) Body() []byte                                     { return nil }
func (c *Ctx) BodyParser(out interface{}) error                 { return nil }
func (c *Ctx) UserContext() context.Context                     { return context.Background() }
func (c *Ctx) Get(key string, defaultValue ...string) string    { return "" }
func (c *Ctx) Set(key, val string)                              {}
func (c *Ctx) JSON(data interface{}, ctype ...string) error     { return nil }
func (c *Ctx) Method(override ...string) string                 { return "" }
func (c *Ctx) Path(override ...string) string                   { return "" }
func (c *Ctx) Next() error                                      { return nil }
func (c *Ctx) Params(key string, defaultValue ...string) string { return "" }
func (c *Ctx) Query(key string, defaultValue ...string) string  { return "" }
func (c *Ctx) SendStatus(status int) error                      { return nil }
func (c *Ctx) SendString(body string) error                     { return nil }
func (c *Ctx) Status(status int) *Ctx                           { return c }

// Router is trimmed (real one also has Head, Connect, Options, Trace, Add, Static, All, Route, Mount, Name).
type Router interface {
	Use(args ...interface{}) Router
	Get(path string, handlers ...Handler) Router
	Post(path string, handlers ...Handler) Router
	Put(path string, handlers ...Handler) Router
	Delete(path string, handlers ...Handler) Router
	Patch(path string, handlers ...Handler) Router
	Group(prefix string, handlers ...Handler) Router
}

type App struct{}

func New(config ...Config) *App                                  { return &App{} }
func (app *App) Listen(addr string) error                        { return nil }
func (app *App) Use(args ...interface{}) Router                  { return app }
func (app *App) Get(path string, handlers ...Handler) Router     { return app }
func (app *App) Post(path string, handlers ...Handler) Router    { return app }
func (app *App) Put(path string, handlers ...Handler) Router     { return app }
func (app *App) Delete(path string, handlers ...Handler) Router  { return app }
func (app *App) Patch(path string, handlers ...Handler) Router   { return app }
func (app *App) Group(prefix string, handlers ...Handler) Router { return app }
