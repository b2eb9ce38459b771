// Package httpx adapts error-returning handlers to gin.
package httpx

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// HandlerFunc is the handler shape used across the API: return a response
// body (or one of the wrapper types below) or an error.
type HandlerFunc func(c *gin.Context) (any, error)

// Created renders 201 with Body.
type Created struct{ Body any }

// Accepted renders 202 with Body.
type Accepted struct{ Body any }

// Raw renders a stored response as-is.
type Raw struct {
	Status int
	Body   []byte
}

// Handle turns a HandlerFunc into a gin.HandlerFunc.
func Handle(h HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		res, err := h(c)
		if err != nil {
			WriteError(c, err)
			return
		}
		if c.Writer.Written() {
			return
		}
		switch v := res.(type) {
		case nil:
			c.Status(http.StatusNoContent)
		case Created:
			c.JSON(http.StatusCreated, v.Body)
		case Accepted:
			c.JSON(http.StatusAccepted, v.Body)
		case Raw:
			c.Data(v.Status, "application/json", v.Body)
		default:
			c.JSON(http.StatusOK, v)
		}
	}
}

// Router registers HandlerFuncs on a gin route group.
type Router struct {
	group gin.IRoutes
}

// NewRouter wraps a gin group.
func NewRouter(group gin.IRoutes) *Router { return &Router{group: group} }

// GET registers a GET route.
func (r *Router) GET(path string, h HandlerFunc, mw ...gin.HandlerFunc) {
	r.group.GET(path, append(mw, Handle(h))...)
}

// POST registers a POST route.
func (r *Router) POST(path string, h HandlerFunc, mw ...gin.HandlerFunc) {
	r.group.POST(path, append(mw, Handle(h))...)
}

// PUT registers a PUT route.
func (r *Router) PUT(path string, h HandlerFunc, mw ...gin.HandlerFunc) {
	r.group.PUT(path, append(mw, Handle(h))...)
}

// Bind decodes the JSON body into T and validates binding tags.
func Bind[T any](c *gin.Context) (T, error) {
	var v T
	if err := c.ShouldBindJSON(&v); err != nil {
		return v, BadRequest(err)
	}
	return v, nil
}
