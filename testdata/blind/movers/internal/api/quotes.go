package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/service"
)

type QuoteHandler struct {
	quotes service.QuoteService
}

func NewQuoteHandler(quotes service.QuoteService) *QuoteHandler {
	return &QuoteHandler{quotes: quotes}
}

func (h *QuoteHandler) Register(rg *gin.RouterGroup) {
	rg.POST("/quotes", h.create)
	rg.POST("/quotes/:id/accept", h.accept)
}

type createQuoteRequest struct {
	CustomerID    uuid.UUID `json:"customer_id" binding:"required"`
	OriginAddress string    `json:"origin_address" binding:"required"`
	DestAddress   string    `json:"dest_address" binding:"required"`
	MoveDate      string    `json:"move_date" binding:"required"`
	Bedrooms      int       `json:"bedrooms"`
	DistanceMiles int       `json:"distance_miles"`
	Stairs        bool      `json:"stairs"`
	Packing       bool      `json:"packing"`
}

func (h *QuoteHandler) create(c *gin.Context) {
	var req createQuoteRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	moveDate, err := time.Parse("2006-01-02", req.MoveDate)
	if err != nil {
		badRequest(c, err)
		return
	}
	q, err := h.quotes.CreateQuote(c.Request.Context(), service.CreateQuoteInput{
		CustomerID:    req.CustomerID,
		OriginAddress: req.OriginAddress,
		DestAddress:   req.DestAddress,
		MoveDate:      moveDate,
		Bedrooms:      req.Bedrooms,
		DistanceMiles: req.DistanceMiles,
		Stairs:        req.Stairs,
		Packing:       req.Packing,
	}, c.GetHeader("Idempotency-Key"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, q)
}

func (h *QuoteHandler) accept(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	b, err := h.quotes.AcceptQuote(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, b)
}
