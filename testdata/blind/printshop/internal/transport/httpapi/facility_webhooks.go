package httpapi

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/provider/printfac"
	"github.com/inkloop/printshop/internal/service"
)

// Facility status callbacks. All three facilities retry callbacks that do not
// get a 2xx (Inkbridge and Pressworks with backoff for a day, Copperplate
// every 10 minutes for 6 hours).
type facilityWebhooks struct {
	events service.FacilityEventService
	cfg    config.Config
	log    *zap.Logger
}

func (h *facilityWebhooks) mount(g *echo.Group) {
	g.POST("/inkbridge", h.inkbridge)
	g.POST("/pressworks", h.pressworks)
	g.POST("/copperplate", h.copperplate)
}

type inkbridgeEvent struct {
	EventID    string    `json:"event_id"`
	JobID      string    `json:"job_id"`
	State      string    `json:"state"`
	CostCents  int64     `json:"production_cost_cents"`
	Tracking   string    `json:"tracking_number"`
	OccurredAt time.Time `json:"occurred_at"`
}

func (h *facilityWebhooks) inkbridge(c echo.Context) error {
	raw, err := verifyHexHMAC(c, "X-Inkbridge-Signature", h.cfg.InkbridgeWebhookSecret)
	if err != nil {
		return err
	}
	var evt inkbridgeEvent
	if err := json.Unmarshal(raw, &evt); err != nil || evt.EventID == "" || evt.JobID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	applied, err := h.events.ApplyEvent(c.Request().Context(), model.FacilityInkbridge, service.FacilityStatusEvent{
		EventID:       evt.EventID,
		FacilityJobID: evt.JobID,
		Status:        printfac.MapInkbridgeState(evt.State),
		CostCents:     evt.CostCents,
		Tracking:      evt.Tracking,
		OccurredAt:    evt.OccurredAt,
		Raw:           raw,
	})
	if errors.Is(err, service.ErrNotFound) {
		h.log.Warn("inkbridge event for unknown job", zap.String("job_id", evt.JobID))
		return c.NoContent(http.StatusOK)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"applied": applied})
}

type pressworksBatch struct {
	BatchID string `json:"batch_id"`
	Events  []struct {
		OrderID    string    `json:"order_id"`
		Status     string    `json:"status"`
		CostCents  int64     `json:"cost_cents"`
		Tracking   string    `json:"tracking"`
		OccurredAt time.Time `json:"occurred_at"`
	} `json:"events"`
}

func (h *facilityWebhooks) pressworks(c echo.Context) error {
	raw, err := verifyHexHMAC(c, "X-Pressworks-Signature", h.cfg.PressworksSecret)
	if err != nil {
		return err
	}
	var batch pressworksBatch
	if err := json.Unmarshal(raw, &batch); err != nil || batch.BatchID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	evts := make([]service.FacilityStatusEvent, 0, len(batch.Events))
	for i, e := range batch.Events {
		evts = append(evts, service.FacilityStatusEvent{
			EventID:       fmt.Sprintf("%s/%d", batch.BatchID, i),
			FacilityJobID: e.OrderID,
			Status:        printfac.MapPressworksStatus(e.Status),
			CostCents:     e.CostCents,
			Tracking:      e.Tracking,
			OccurredAt:    e.OccurredAt,
		})
	}
	n, err := h.events.ApplyBatch(c.Request().Context(), model.FacilityPressworks, batch.BatchID, evts)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int{"applied": n})
}

type copperplateCallback struct {
	OrderID int64  `json:"order_id"`
	State   string `json:"state"`
	Note    string `json:"note"`
}

func (h *facilityWebhooks) copperplate(c echo.Context) error {
	token := c.QueryParam("token")
	if subtle.ConstantTimeCompare([]byte(token), []byte(h.cfg.CopperplateSharedToken)) != 1 {
		return echo.NewHTTPError(http.StatusUnauthorized, "bad token")
	}
	var cb copperplateCallback
	if err := c.Bind(&cb); err != nil || cb.OrderID == 0 {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	ctx := c.Request().Context()
	facilityJobID := fmt.Sprintf("%d", cb.OrderID)
	status := printfac.MapCopperplateState(cb.State)

	if status == model.JobDefective {
		reprint, err := h.events.ReportDefect(ctx, model.FacilityCopperplate, facilityJobID, cb.Note)
		if err != nil && !errors.Is(err, service.ErrNotFound) {
			return err
		}
		if reprint != nil {
			h.log.Info("reprint scheduled", zap.String("facility_job_id", facilityJobID), zap.String("reprint_id", reprint.ID))
		}
		return c.NoContent(http.StatusOK)
	}

	// Copperplate sends no event ids; a job passes through each state once, so
	// job+state identifies the callback.
	_, err := h.events.ApplyEvent(ctx, model.FacilityCopperplate, service.FacilityStatusEvent{
		EventID:       facilityJobID + ":" + cb.State,
		FacilityJobID: facilityJobID,
		Status:        status,
		OccurredAt:    time.Now().UTC(),
	})
	if err != nil && !errors.Is(err, service.ErrNotFound) {
		return err
	}
	return c.NoContent(http.StatusOK)
}
