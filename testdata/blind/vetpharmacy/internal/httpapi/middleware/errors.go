// Package middleware holds the gin middleware shared by every route.
package middleware

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/requestid"
)

type errorBody struct {
	Code      string `json:"code"`
	Message   string `json:"message"`
	RequestID string `json:"request_id,omitempty"`
}

var statusByKind = map[apperr.Kind]int{
	apperr.KindNotFound:      http.StatusNotFound,
	apperr.KindInvalid:       http.StatusBadRequest,
	apperr.KindConflict:      http.StatusConflict,
	apperr.KindForbidden:     http.StatusForbidden,
	apperr.KindUpstream:      http.StatusBadGateway,
	apperr.KindUnprocessable: http.StatusUnprocessableEntity,
}

// Errors renders the last error a handler attached with c.Error. Handlers
// return early after c.Error and leave the response to this middleware.
func Errors(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 || c.Writer.Written() {
			return
		}
		last := c.Errors.Last()
		err := last.Err
		status, body := classify(err)
		if last.Type == gin.ErrorTypeBind {
			status, body = http.StatusBadRequest, errorBody{Code: "bad_request", Message: err.Error()}
		}
		body.RequestID = requestid.From(c.Request.Context())
		if status >= 500 {
			log.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		}
		c.AbortWithStatusJSON(status, body)
	}
}

func classify(err error) (int, errorBody) {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		status, ok := statusByKind[ae.Kind]
		if !ok {
			status = http.StatusInternalServerError
		}
		return status, errorBody{Code: ae.Code, Message: ae.Message}
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505":
			return http.StatusConflict, errorBody{Code: "duplicate", Message: "resource already exists"}
		case "40001", "40P01":
			return http.StatusServiceUnavailable, errorBody{Code: "retry", Message: "please retry"}
		}
	}
	return http.StatusInternalServerError, errorBody{Code: "internal", Message: "internal error"}
}
