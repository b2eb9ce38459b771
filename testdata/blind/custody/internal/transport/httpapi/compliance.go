package httpapi

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/northvault/custody/internal/app"
)

type ComplianceHandler struct {
	compliance *app.ComplianceService
}

func NewComplianceHandler(c *app.ComplianceService) *ComplianceHandler {
	return &ComplianceHandler{compliance: c}
}

func (h *ComplianceHandler) Register(api *gin.RouterGroup) {
	api.POST("/screening/addresses", CustomerAuth(), h.screenAddress)
	// Counterparty VASPs reach this through the travel-rule gateway, which
	// authenticates them with mTLS at the edge.
	api.POST("/travel-rule/inbound", h.inbound)
}

type screenAddressReq struct {
	Chain   string `json:"chain" binding:"required"`
	Address string `json:"address" binding:"required"`
}

func (h *ComplianceHandler) screenAddress(c *gin.Context) {
	var req screenAddressReq
	if !bindJSON(c, &req) {
		return
	}
	risk, err := h.compliance.ScreenAddress(c.Request.Context(), req.Chain, req.Address)
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusOK, risk)
}

func (h *ComplianceHandler) inbound(c *gin.Context) {
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, 256<<10))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var in app.InboundTravelRule
	if err := json.Unmarshal(raw, &in); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	in.Raw = raw
	id, err := h.compliance.ReceiveInbound(c.Request.Context(), in)
	if err != nil {
		respondErr(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"id": id, "transfer_id": in.TransferID})
}
