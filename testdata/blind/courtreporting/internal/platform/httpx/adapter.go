// Package httpx adapts plain service-style functions to gin handlers so
// handlers stay free of binding and error-mapping boilerplate.
package httpx

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/stenoline-legal/depobook/internal/domain"
)

// Endpoint is the shape every adapted handler has.
type Endpoint[In, Out any] func(ctx context.Context, in In) (Out, error)

// Options tunes how an endpoint is exposed.
type Options struct {
	// Status is the success status; defaults to 200.
	Status int
	// SkipBody leaves the request body unread (GET, DELETE, etc.).
	SkipBody bool
}

// Principal is the authenticated caller, set by the auth middleware.
type Principal struct {
	FirmID     string
	ReporterID string
	Subject    string
}

type principalKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the caller stored by the auth middleware.
func PrincipalFrom(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// Handle binds URI params, headers and the JSON body into In, calls fn,
// and renders Out or the mapped error.
func Handle[In, Out any](fn Endpoint[In, Out], opts ...Options) gin.HandlerFunc {
	o := Options{Status: http.StatusOK}
	if len(opts) > 0 {
		o = opts[0]
		if o.Status == 0 {
			o.Status = http.StatusOK
		}
	}
	return func(c *gin.Context) {
		var in In
		if err := c.ShouldBindUri(&in); err != nil {
			abort(c, http.StatusBadRequest, err)
			return
		}
		if err := c.ShouldBindHeader(&in); err != nil {
			abort(c, http.StatusBadRequest, err)
			return
		}
		if !o.SkipBody && c.Request.ContentLength != 0 {
			if err := c.ShouldBindJSON(&in); err != nil {
				abort(c, http.StatusBadRequest, err)
				return
			}
		}
		out, err := fn(c.Request.Context(), in)
		if err != nil {
			abort(c, StatusFor(err), err)
			return
		}
		c.JSON(o.Status, out)
	}
}

// StatusFor maps domain errors to HTTP status codes.
func StatusFor(err error) int {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrValidation):
		return http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrKeyReuse), errors.Is(err, domain.ErrNotOffered):
		return http.StatusConflict
	case errors.Is(err, domain.ErrNotPayable), errors.Is(err, domain.ErrCardDeclined):
		return http.StatusPaymentRequired
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout
	default:
		return http.StatusInternalServerError
	}
}

func abort(c *gin.Context, status int, err error) {
	msg := err.Error()
	if status >= 500 {
		_ = c.Error(err)
		msg = http.StatusText(status)
	}
	c.AbortWithStatusJSON(status, gin.H{"error": msg})
}
