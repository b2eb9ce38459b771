package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/service"
)

type readingRequest struct {
	Register string    `json:"register" binding:"required"`
	ReadAt   time.Time `json:"read_at" binding:"required"`
	Value    float64   `json:"value" binding:"gte=0"`
}

// POST /v1/meters/:meter_id/readings
func (s *Server) submitReading(c *gin.Context) {
	var req readingRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	created, err := s.readings.SubmitCustomerReading(c.Request.Context(), c.Param("meter_id"), req.Register, req.ReadAt, req.Value)
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, gin.H{"meter_id": c.Param("meter_id"), "read_at": req.ReadAt, "accepted": true})
}

type moveInRequest struct {
	AccountID string    `json:"account_id" binding:"required"`
	Utility   string    `json:"utility" binding:"required,oneof=water electricity"`
	StartDate time.Time `json:"start_date" binding:"required"`
	Tariff    string    `json:"tariff"`
}

// POST /v1/premises/:premise_id/move-in
func (s *Server) moveIn(c *gin.Context) {
	var req moveInRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	contract, err := s.readings.MoveIn(c.Request.Context(), service.MoveInCommand{
		AccountID: req.AccountID,
		PremiseID: c.Param("premise_id"),
		Utility:   domain.Utility(req.Utility),
		StartDate: req.StartDate,
		Tariff:    req.Tariff,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, contract)
}
