package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/service"
)

type ClaimHandler struct {
	claims service.ClaimService
}

func NewClaimHandler(claims service.ClaimService) *ClaimHandler {
	return &ClaimHandler{claims: claims}
}

func (h *ClaimHandler) Register(rg *gin.RouterGroup, adjusters *gin.RouterGroup) {
	rg.POST("/claims", h.file)
	rg.GET("/bookings/:id/claims", h.list)
	adjusters.POST("/claims/:id/approve", h.approve)
}

type fileClaimRequest struct {
	BookingID       uuid.UUID `json:"booking_id" binding:"required"`
	ItemDescription string    `json:"item_description" binding:"required"`
	AmountCents     int64     `json:"amount_cents" binding:"required"`
}

func (h *ClaimHandler) file(c *gin.Context) {
	var req fileClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	claim, err := h.claims.File(c.Request.Context(), service.FileClaimInput{
		BookingID:       req.BookingID,
		Source:          "customer",
		ItemDescription: req.ItemDescription,
		AmountCents:     req.AmountCents,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, claim)
}

func (h *ClaimHandler) list(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	page, err := h.claims.List(c.Request.Context(), id, pageParams(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}

type approveClaimRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Destination string `json:"payout_destination" binding:"required"`
}

func (h *ClaimHandler) approve(c *gin.Context) {
	var req approveClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	claim, err := h.claims.Approve(c.Request.Context(), c.Param("id"), service.ApproveClaimInput{
		AmountCents: req.AmountCents,
		Adjuster:    c.GetString(ctxAgent),
		Destination: req.Destination,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, claim)
}
