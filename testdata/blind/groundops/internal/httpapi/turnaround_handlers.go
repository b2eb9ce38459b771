package httpapi

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/turnaround"
)

type TurnaroundHandlers struct {
	Turnarounds TurnaroundService
	Crew        CrewService
	Pager       Pager
}

func (h *TurnaroundHandlers) get(c *gin.Context) {
	t, err := h.Turnarounds.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, t)
}

type serviceLineRequest struct {
	ServiceCode string  `json:"service_code" binding:"required"`
	Quantity    float64 `json:"quantity" binding:"required,gt=0"`
	DeviceID    string  `json:"device_id" binding:"required"`
}

// addServiceLine: POST /v1/turnarounds/:id/service-lines
func (h *TurnaroundHandlers) addServiceLine(c *gin.Context) {
	var req serviceLineRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	line, err := h.Turnarounds.AddServiceLine(c.Request.Context(), c.Param("id"), turnaround.ServiceLineInput{
		ServiceCode: req.ServiceCode,
		Quantity:    req.Quantity,
		DeviceID:    req.DeviceID,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, line)
}

type baggageLoadRequest struct {
	ULD      string `json:"uld"`
	Bags     int    `json:"bags" binding:"required,gt=0"`
	LoadedBy string `json:"loaded_by" binding:"required"`
}

// recordBaggageLoad: POST /v1/turnarounds/:id/baggage-loads
func (h *TurnaroundHandlers) recordBaggageLoad(c *gin.Context) {
	var req baggageLoadRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	load, err := h.Turnarounds.RecordBaggageLoad(c.Request.Context(), c.Param("id"), turnaround.BaggageLoadInput{
		ULD:      req.ULD,
		Bags:     req.Bags,
		LoadedBy: req.LoadedBy,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, load)
}

type signoffRequest struct {
	SignedBy     string `json:"signed_by" binding:"required"`
	LoadsheetRef string `json:"loadsheet_ref" binding:"required"`
}

// signOff: POST /v1/turnarounds/:id/signoff
func (h *TurnaroundHandlers) signOff(c *gin.Context) {
	var req signoffRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.Turnarounds.SignOff(c.Request.Context(), c.Param("id"), req.SignedBy, req.LoadsheetRef); err != nil {
		writeError(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type calloutRequest struct {
	CrewMemberID string `json:"crew_member_id" binding:"required"`
	Reason       string `json:"reason" binding:"required"`
}

// callout: POST /v1/turnarounds/:id/crew-callouts. The duty manager calls
// in a standby crew member for a turnaround that is short-handed.
func (h *TurnaroundHandlers) callout(c *gin.Context) {
	ctx := c.Request.Context()
	var req calloutRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	t, err := h.Turnarounds.Get(ctx, c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	member, err := h.Crew.Member(ctx, req.CrewMemberID)
	if err != nil {
		writeError(c, err)
		return
	}
	text := fmt.Sprintf("Callout: report to stand %s at %s now. %s", t.Stand, t.Station, req.Reason)
	ref, err := h.Pager.Send(ctx, member.Phone, text)
	if err != nil {
		writeError(c, fmt.Errorf("page %s: %w", member.Name, err))
		return
	}
	if err := h.Crew.RecordCallout(ctx, crew.CalloutRecord{
		TurnaroundID: t.ID,
		CrewMemberID: member.ID,
		Message:      text,
		ProviderRef:  ref,
	}); err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"message_id": ref})
}

type assignRequest struct {
	CrewMemberIDs []string `json:"crew_member_ids" binding:"required,min=1"`
	Role          string   `json:"role" binding:"required"`
}

// assignCrew: POST /v1/turnarounds/:id/crew-assignments
func (h *TurnaroundHandlers) assignCrew(c *gin.Context) {
	var req assignRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	out, err := h.Crew.Assign(c.Request.Context(), c.Param("id"), crew.AssignInput{
		CrewMemberIDs: req.CrewMemberIDs,
		Role:          req.Role,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, out)
}
