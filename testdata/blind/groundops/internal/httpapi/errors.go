package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/adhoc"
	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/pricing"
	"github.com/apronworks/groundops/internal/tasks"
	"github.com/apronworks/groundops/internal/turnaround"
)

type errorMapping struct {
	target error
	status int
}

// statusFor is checked in order; the first match wins.
var statusFor = []errorMapping{
	{database.ErrNotFound, http.StatusNotFound},
	{turnaround.ErrNotFound, http.StatusNotFound},
	{tasks.ErrNotFound, http.StatusNotFound},
	{fuel.ErrNotFound, http.StatusNotFound},
	{adhoc.ErrNotFound, http.StatusNotFound},
	{turnaround.ErrWrongStatus, http.StatusConflict},
	{fuel.ErrTurnaroundDone, http.StatusConflict},
	{crew.ErrUnavailable, http.StatusConflict},
	{adhoc.ErrNotPayable, http.StatusConflict},
	{tasks.ErrBadEvent, http.StatusBadRequest},
	{adhoc.ErrNoRequest, http.StatusBadRequest},
	{deicing.ErrFluidType, http.StatusBadRequest},
	{pricing.ErrNoRate, http.StatusUnprocessableEntity},
}

func writeError(c *gin.Context, err error) {
	for _, m := range statusFor {
		if errors.Is(err, m.target) {
			c.JSON(m.status, gin.H{"error": err.Error()})
			return
		}
	}
	slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}
