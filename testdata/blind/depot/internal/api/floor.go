package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/service"
)

func (s *Server) confirmPick(c *gin.Context) {
	var in service.PickConfirmation
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	if in.PickerID == "" {
		in.PickerID = c.GetString(ctxStaff)
	}
	task, err := s.Floor.ConfirmPick(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, task)
}

func (s *Server) packOrder(c *gin.Context) {
	var in service.PackInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	if in.PackedBy == "" {
		in.PackedBy = c.GetString(ctxStaff)
	}
	o, err := s.Floor.Pack(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, o)
}

type labelRequest struct {
	ServiceLevel string `json:"service_level"`
}

func (s *Server) buyLabel(c *gin.Context) {
	seq, err := strconv.Atoi(c.Param("seq"))
	if err != nil || seq < 1 {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "invalid package sequence"})
		return
	}
	var req labelRequest
	_ = c.ShouldBindJSON(&req)
	label, err := s.Labels.BuyLabel(c.Request.Context(), c.Param("id"), seq, req.ServiceLevel)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, label)
}

func (s *Server) schedulePickup(c *gin.Context) {
	var in service.PickupInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	p, err := s.Pickups.Schedule(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}
