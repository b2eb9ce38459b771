package httpapi

import (
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// DeliverablesHandler serves file uploads from translators.
type DeliverablesHandler struct {
	Deliverables service.DeliverableService
	MaxBytes     int64
}

// Upload stores a translated file and starts its malware scan.
func (h *DeliverablesHandler) Upload(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "multipart field 'file' is required")
	}
	if fh.Size > h.MaxBytes {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "file too large")
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, h.MaxBytes+1))
	if err != nil {
		return err
	}
	ct := fh.Header.Get("Content-Type")
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	d, err := h.Deliverables.Upload(c.Request().Context(), principal(c).ID, c.Param("id"), service.Upload{
		FileName:    fh.Filename,
		ContentType: ct,
		Data:        data,
	})
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusCreated, d)
}
