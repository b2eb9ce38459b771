package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

type disconnectRequest struct {
	MeterID       string `json:"meter_id" binding:"required"`
	ArrearsBillID string `json:"arrears_bill_id" binding:"required"`
	Notes         string `json:"notes"`
}

// POST /v1/accounts/:account_id/disconnections
func (s *Server) requestDisconnection(c *gin.Context) {
	var req disconnectRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	wo, err := s.orders.RequestDisconnection(c.Request.Context(), service.DisconnectCommand{
		AccountID:     c.Param("account_id"),
		MeterID:       req.MeterID,
		ArrearsBillID: req.ArrearsBillID,
		Notes:         req.Notes,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, wo)
}

type reconnectRequest struct {
	MeterID       string `json:"meter_id" binding:"required"`
	SettledBillID string `json:"settled_bill_id" binding:"required"`
}

// POST /v1/accounts/:account_id/reconnections
func (s *Server) requestReconnection(c *gin.Context) {
	var req reconnectRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	wo, err := s.orders.RequestReconnection(c.Request.Context(), service.ReconnectCommand{
		AccountID:     c.Param("account_id"),
		MeterID:       req.MeterID,
		SettledBillID: req.SettledBillID,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, wo)
}
