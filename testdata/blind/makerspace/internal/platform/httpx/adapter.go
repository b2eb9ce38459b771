// Package httpx adapts service methods to gin handlers and maps domain errors
// to HTTP responses.
package httpx

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Endpoint is the shape every service method exposed over HTTP has.
type Endpoint[Req any, Resp any] func(ctx context.Context, req Req) (Resp, error)

type options struct {
	status   int
	bindBody bool
}

// Option tweaks the adapter for one route.
type Option func(*options)

// Status sets the success status code (default 200).
func Status(code int) Option { return func(o *options) { o.status = code } }

// NoBody skips JSON body binding, for routes that only take path/query/header input.
func NoBody() Option { return func(o *options) { o.bindBody = false } }

// Handle turns an Endpoint into a gin.HandlerFunc. The request struct is bound
// from the path (`uri` tags), the query string (`form` tags), headers
// (`header` tags) and the JSON body (`json` tags), in that order.
func Handle[Req any, Resp any](fn Endpoint[Req, Resp], opts ...Option) gin.HandlerFunc {
	o := options{status: http.StatusOK, bindBody: true}
	for _, opt := range opts {
		opt(&o)
	}
	return func(c *gin.Context) {
		var req Req
		if err := bind(c, &req, o.bindBody); err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Code: "bad_request", Message: err.Error()})
			return
		}
		if v, ok := any(&req).(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				WriteError(c, err)
				return
			}
		}
		resp, err := fn(c.Request.Context(), req)
		if err != nil {
			WriteError(c, err)
			return
		}
		if o.status == http.StatusNoContent {
			c.Status(http.StatusNoContent)
			return
		}
		c.JSON(o.status, resp)
	}
}

func bind(c *gin.Context, req any, body bool) error {
	if len(c.Params) > 0 {
		if err := c.ShouldBindUri(req); err != nil {
			return err
		}
	}
	if c.Request.URL.RawQuery != "" {
		if err := c.ShouldBindQuery(req); err != nil {
			return err
		}
	}
	if err := c.ShouldBindHeader(req); err != nil {
		return err
	}
	if body && c.Request.Body != nil && c.Request.ContentLength != 0 {
		if err := c.ShouldBindJSON(req); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
	}
	return nil
}

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// ErrorMapper translates an error into an HTTP status and code. Packages that
// own domain errors register one with RegisterErrors.
type ErrorMapper func(err error) (status int, code string, ok bool)

var mappers []ErrorMapper

// RegisterErrors adds an error mapper. It is called from init functions.
func RegisterErrors(m ErrorMapper) { mappers = append(mappers, m) }

// WriteError writes err as a JSON error response.
func WriteError(c *gin.Context, err error) {
	for _, m := range mappers {
		if status, code, ok := m(err); ok {
			c.AbortWithStatusJSON(status, errorBody{Code: code, Message: err.Error()})
			return
		}
	}
	if errors.Is(err, context.Canceled) {
		c.AbortWithStatusJSON(499, errorBody{Code: "client_closed", Message: "request cancelled"})
		return
	}
	slog.ErrorContext(c.Request.Context(), "unhandled error", "path", c.FullPath(), "err", err)
	c.AbortWithStatusJSON(http.StatusInternalServerError, errorBody{Code: "internal", Message: "internal error"})
}
