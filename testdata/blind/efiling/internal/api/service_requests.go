package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/docketly/efile/internal/service"
)

// ServiceHandlers serves service-of-process and docket subscription routes.
type ServiceHandlers struct {
	Service       ServiceOfProcessService
	Subscriptions SubscriptionService
	Log           *slog.Logger
}

func (h *ServiceHandlers) request(c *gin.Context) {
	filingID, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var in service.ServiceRequestInput
	if !bindJSON(c, &in) {
		return
	}
	in.FirmID, in.FilingID = firmID(c), filingID
	sr, err := h.Service.Request(c.Request.Context(), in)
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, sr)
}

func (h *ServiceHandlers) cancel(c *gin.Context) {
	id, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if c.Request.ContentLength > 0 && !bindJSON(c, &body) {
		return
	}
	if body.Reason == "" {
		body.Reason = "cancelled by filer"
	}
	if err := h.Service.Cancel(c.Request.Context(), firmID(c), id, body.Reason); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *ServiceHandlers) subscribe(c *gin.Context) {
	matterID, ok := pathUUID(c, "id")
	if !ok {
		return
	}
	var in service.SubscribeInput
	if !bindJSON(c, &in) {
		return
	}
	in.FirmID, in.MatterID = firmID(c), matterID
	if err := h.Subscriptions.Subscribe(c.Request.Context(), in); err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.Status(http.StatusNoContent)
}
