package webhooks

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/platform/httpx"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
)

// SuretyCallbacks applies surety callbacks.
type SuretyCallbacks interface {
	HandleCallback(ctx context.Context, evt suretyapi.CallbackEvent) error
}

// Surety serves POST /webhooks/surety.
type Surety struct {
	Secret    string
	Callbacks SuretyCallbacks
}

// Handle verifies and applies one callback.
func (h Surety) Handle(c *gin.Context) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBody))
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	evt, err := suretyapi.ParseCallback(body, c.GetHeader("X-Granite-Signature"), h.Secret)
	if errors.Is(err, suretyapi.ErrBadSignature) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	if err := h.Callbacks.HandleCallback(c.Request.Context(), evt); err != nil {
		slog.ErrorContext(c.Request.Context(), "surety callback", "event_id", evt.ID, "type", evt.Type, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusNoContent)
}
