package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/service"
)

// JobsHandler serves job endpoints.
type JobsHandler struct {
	Jobs service.JobService
}

// Create posts a new job. Clients must send an Idempotency-Key.
func (h *JobsHandler) Create(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
	if err != nil {
		return err
	}
	var in service.NewJob
	if err := json.Unmarshal(raw, &in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	resp, err := h.Jobs.Create(c.Request().Context(), principal(c).ID, key, platform.HashRequest(raw), in)
	if err != nil {
		return toHTTP(err)
	}
	return c.Blob(resp.Status, echo.MIMEApplicationJSON, resp.Body)
}

// Get returns a job visible to the caller.
func (h *JobsHandler) Get(c echo.Context) error {
	job, err := h.Jobs.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return toHTTP(err)
	}
	p := principal(c)
	if job.ClientID != p.ID && (job.TranslatorID == nil || *job.TranslatorID != p.ID) && job.Status != "open" {
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	}
	return c.JSON(http.StatusOK, job)
}

// RequestPrepass queues the machine-translation pre-pass for a job.
func (h *JobsHandler) RequestPrepass(c echo.Context) error {
	var in service.PrepassOptions
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	if err := h.Jobs.RequestPrepass(c.Request().Context(), principal(c).ID, c.Param("id"), in); err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusAccepted, map[string]string{"status": "queued"})
}
