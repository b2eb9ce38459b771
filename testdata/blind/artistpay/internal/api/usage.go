package api

import (
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/soundledger/artistpay/internal/platform/httpx"
	"github.com/soundledger/artistpay/internal/royalties"
)

type usageReportResponse struct {
	ReportID string `json:"report_id"`
	Status   string `json:"status"`
	Checksum string `json:"checksum"`
}

// uploadUsageReport accepts a store's daily CSV.
//
// POST /partner/v1/usage-reports?date=2024-05-31
func (h *Handlers) uploadUsageReport(c echo.Context) error {
	storeID, _ := c.Get(httpx.KeyStoreID).(string)
	date, err := time.Parse("2006-01-02", c.QueryParam("date"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "date must be YYYY-MM-DD")
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	if len(body) == 0 {
		return echo.NewHTTPError(http.StatusBadRequest, "empty report")
	}
	rep, created, err := h.Ingest.Receive(c.Request().Context(), storeID, date, body)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, usageReportResponse{ReportID: rep.ID, Status: rep.Status, Checksum: rep.Checksum})
}

// replaceSplits sets a release's split sheet.
//
// PUT /v1/releases/:release/splits
func (h *Handlers) replaceSplits(c echo.Context) error {
	in, err := httpx.Bind[[]royalties.SplitInput](c)
	if err != nil {
		return err
	}
	rows, err := h.Splits.Replace(c.Request().Context(), c.Param("release"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rows)
}

// closePeriod closes an accounting month so its royalties are allocated.
//
// POST /v1/admin/periods/:period/close
func (h *Handlers) closePeriod(c echo.Context) error {
	rec, err := h.Periods.Close(c.Request().Context(), c.Param("period"), httpx.Staff(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rec)
}
