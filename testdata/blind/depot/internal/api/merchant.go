package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/service"
)

func (s *Server) adjustStock(c *gin.Context) {
	var in service.AdjustInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	adj, replay, err := s.Stock.Adjust(c.Request.Context(), c.GetString(ctxMerchant), c.GetHeader("Idempotency-Key"), in)
	if err != nil {
		fail(c, err)
		return
	}
	if replay != nil {
		c.Header("Idempotent-Replayed", "true")
		c.Data(replay.Code, "application/json", replay.Body)
		return
	}
	c.JSON(http.StatusCreated, adj)
}

func (s *Server) listInventory(c *gin.Context) {
	levels, err := s.Stock.Levels(c.Request.Context(), c.GetString(ctxMerchant))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"items": levels})
}

func (s *Server) createReturn(c *gin.Context) {
	var in service.ReturnInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	rt, err := s.Returns.Create(c.Request.Context(), c.GetString(ctxMerchant), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, rt)
}

func (s *Server) getReturn(c *gin.Context) {
	rt, err := s.Returns.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rt)
}

func (s *Server) registerWebhook(c *gin.Context) {
	var in service.EndpointInput
	if err := c.ShouldBindJSON(&in); err != nil {
		bad(c, err)
		return
	}
	ep, err := s.Webhooks.Register(c.Request.Context(), c.GetString(ctxMerchant), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"id": ep.ID, "url": ep.URL, "event_types": ep.EventTypes, "secret": ep.Secret})
}

func (s *Server) payInvoice(c *gin.Context) {
	inv, err := s.Billing.PayInvoice(c.Request.Context(), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, inv)
}
