package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsmgmt"
	"github.com/tldhouse/registrar/internal/domains"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
)

type errMapping struct {
	target error
	status int
}

var errTable = []errMapping{
	{db.ErrNotFound, http.StatusNotFound},
	{domains.ErrInvalidName, http.StatusBadRequest},
	{domains.ErrUnavailable, http.StatusConflict},
	{domains.ErrNotActive, http.StatusConflict},
	{domains.ErrTooLong, http.StatusUnprocessableEntity},
	{dnsmgmt.ErrNoZone, http.StatusConflict},
	{billing.ErrDeclined, http.StatusPaymentRequired},
	{billing.ErrNoCard, http.StatusPaymentRequired},
	{billing.ErrNotRefundable, http.StatusConflict},
	{store.ErrKeyReused, http.StatusUnprocessableEntity},
}

func writeError(c *gin.Context, log *slog.Logger, err error) {
	for _, m := range errTable {
		if errors.Is(err, m.target) {
			c.JSON(m.status, gin.H{"error": err.Error()})
			return
		}
	}
	var regErr *registry.Error
	if errors.As(err, &regErr) && regErr.Code < 2400 {
		c.JSON(http.StatusUnprocessableEntity, gin.H{"error": regErr.Message, "registry_code": regErr.Code})
		return
	}
	log.Error("request failed", "path", c.FullPath(), "err", err, "request_id", c.GetString(ctxRequestID))
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}
