package httpapi

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/service"
)

// Carrier tracker webhooks (EasyPost-style Event objects). The carrier retries
// non-2xx responses several times over the following hours.
type carrierWebhooks struct {
	tracking service.TrackingService
	secret   string
	log      *zap.Logger
}

func (h *carrierWebhooks) mount(g *echo.Group) {
	g.POST("/tracking", h.trackerUpdated)
}

type carrierEvent struct {
	ID          string `json:"id"`
	Description string `json:"description"`
	Result      struct {
		TrackingCode    string `json:"tracking_code"`
		Status          string `json:"status"`
		StatusDetail    string `json:"status_detail"`
		TrackingDetails []struct {
			Datetime time.Time `json:"datetime"`
			Message  string    `json:"message"`
		} `json:"tracking_details"`
	} `json:"result"`
}

func (h *carrierWebhooks) trackerUpdated(c echo.Context) error {
	raw, err := verifyHexHMAC(c, "X-Hmac-Signature", h.secret)
	if err != nil {
		return err
	}
	var evt carrierEvent
	if err := json.Unmarshal(raw, &evt); err != nil || evt.ID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	if evt.Description != "tracker.updated" {
		return c.NoContent(http.StatusOK)
	}
	occurred := time.Now().UTC()
	if n := len(evt.Result.TrackingDetails); n > 0 {
		occurred = evt.Result.TrackingDetails[n-1].Datetime
	}
	err = h.tracking.RecordUpdate(c.Request().Context(), service.TrackingUpdate{
		CarrierEventID: evt.ID,
		TrackingCode:   evt.Result.TrackingCode,
		Status:         evt.Result.Status,
		Detail:         evt.Result.StatusDetail,
		OccurredAt:     occurred,
	})
	if err != nil {
		h.log.Warn("tracking update failed", zap.String("event_id", evt.ID), zap.Error(err))
		return err
	}
	return c.NoContent(http.StatusOK)
}
