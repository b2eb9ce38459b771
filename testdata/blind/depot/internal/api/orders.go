package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/service"
)

const maxBody = 1 << 20

func (s *Server) createOrder(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
		return
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, maxBody))
	if err != nil {
		bad(c, err)
		return
	}
	var in service.OrderInput
	if err := json.Unmarshal(raw, &in); err != nil {
		bad(c, err)
		return
	}
	o, replay, err := s.Orders.CreateOrder(c.Request.Context(), c.GetString(ctxMerchant), key, raw, in)
	if err != nil {
		fail(c, err)
		return
	}
	if replay != nil {
		c.Header("Idempotent-Replayed", "true")
		c.Data(replay.Code, "application/json", replay.Body)
		return
	}
	c.JSON(http.StatusCreated, o)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) cancelOrder(c *gin.Context) {
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil && err != io.EOF {
		bad(c, err)
		return
	}
	o, err := s.Orders.Cancel(c.Request.Context(), c.Param("id"), req.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, o)
}
