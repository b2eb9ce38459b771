// Package httpapi is the gin HTTP transport. Handlers are plain functions
// of (ctx, request) adapted to gin by Handle.
package httpapi

import (
	"context"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"
)

// rawBodyReceiver is implemented by requests that need the unparsed body
// (webhook signature verification).
type rawBodyReceiver interface {
	SetRawBody(b []byte)
}

// validatable requests check themselves once fully bound.
type validatable interface {
	Validate() error
}

// statusCoder lets a response choose its HTTP status.
type statusCoder interface {
	StatusCode() int
}

// principalKey carries the authenticated caller into handler contexts.
type principalKey struct{}

// Principal is the authenticated caller.
type Principal struct {
	PracticeID string
	UserID     string
}

// PrincipalFrom returns the caller stored by the auth middleware.
func PrincipalFrom(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// Handle adapts fn to a gin handler. The request struct is bound from the
// URI, headers, query string and JSON body, in that order.
func Handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		var req Req
		if rb, ok := any(&req).(rawBodyReceiver); ok {
			body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
			if err != nil {
				writeError(c, badRequest(err))
				return
			}
			rb.SetRawBody(body)
		}
		if len(c.Params) > 0 {
			if err := c.ShouldBindUri(&req); err != nil {
				writeError(c, badRequest(err))
				return
			}
		}
		if err := c.ShouldBindHeader(&req); err != nil {
			writeError(c, badRequest(err))
			return
		}
		if c.Request.URL.RawQuery != "" {
			if err := c.ShouldBindQuery(&req); err != nil {
				writeError(c, badRequest(err))
				return
			}
		}
		if _, raw := any(&req).(rawBodyReceiver); !raw && c.Request.ContentLength != 0 {
			if err := c.ShouldBindBodyWith(&req, binding.JSON); err != nil {
				writeError(c, badRequest(err))
				return
			}
		}
		if v, ok := any(&req).(validatable); ok {
			if err := v.Validate(); err != nil {
				writeError(c, badRequest(err))
				return
			}
		}
		ctx := context.WithValue(c.Request.Context(), principalKey{}, principalFromGin(c))
		resp, err := fn(ctx, req)
		if err != nil {
			writeError(c, err)
			return
		}
		status := http.StatusOK
		if sc, ok := any(resp).(statusCoder); ok {
			status = sc.StatusCode()
		}
		c.JSON(status, resp)
	}
}

func principalFromGin(c *gin.Context) Principal {
	if v, ok := c.Get("principal"); ok {
		if p, ok := v.(Principal); ok {
			return p
		}
	}
	return Principal{}
}
