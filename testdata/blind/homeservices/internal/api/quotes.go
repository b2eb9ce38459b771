package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tradeloop/homeservices/internal/platform/httpx"
	"github.com/tradeloop/homeservices/internal/service/quotes"
)

type submitQuoteRequest struct {
	AmountCents  int64  `json:"amount_cents" binding:"required"`
	DepositCents int64  `json:"deposit_cents"`
	Note         string `json:"note" binding:"max=2000"`
}

func (h *Handlers) submitQuote(c *gin.Context) (any, error) {
	req, err := httpx.Bind[submitQuoteRequest](c)
	if err != nil {
		return nil, err
	}
	quote, created, err := h.Quotes.Submit(c.Request.Context(), quotes.SubmitInput{
		JobID:        c.Param("id"),
		TechnicianID: current(c).ID,
		AmountCents:  req.AmountCents,
		DepositCents: req.DepositCents,
		Note:         req.Note,
	})
	if err != nil {
		return nil, err
	}
	if created {
		return httpx.Created{Body: quote}, nil
	}
	c.JSON(http.StatusOK, quote)
	return nil, nil
}

func (h *Handlers) acceptQuote(c *gin.Context) (any, error) {
	return h.Quotes.Accept(c.Request.Context(), c.Param("id"), current(c).ID)
}
