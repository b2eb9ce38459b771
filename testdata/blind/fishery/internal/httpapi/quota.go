package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// QuotaHandlers serve the owners' portal. The portal resends a request that
// timed out with the same Idempotency-Key header.
type QuotaHandlers struct {
	Quota ports.QuotaService
}

func NewQuotaHandlers(s ports.QuotaService) *QuotaHandlers { return &QuotaHandlers{Quota: s} }

func (h *QuotaHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/quota/purchases", h.Purchase)
	rg.POST("/quota/transfers", h.Transfer)
}

type purchaseRequest struct {
	VesselID   uuid.UUID `json:"vessel_id" binding:"required"`
	Species    string    `json:"species" binding:"required,len=3"`
	Area       string    `json:"area" binding:"required"`
	Season     int       `json:"season" binding:"required"`
	QuantityKg int64     `json:"quantity_kg" binding:"required,gt=0"`
}

var errMissingKey = errors.New("Idempotency-Key header is required")

func (h *QuotaHandlers) Purchase(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		badRequest(c, errMissingKey)
		return
	}
	var req purchaseRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	p, err := h.Quota.Purchase(c.Request.Context(), ports.PurchaseInput{
		VesselID:   req.VesselID,
		ClientRef:  key,
		Species:    req.Species,
		Area:       req.Area,
		Season:     req.Season,
		QuantityKg: req.QuantityKg,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, p)
}

type transferRequest struct {
	FromVesselID uuid.UUID `json:"from_vessel_id" binding:"required"`
	ToVesselID   uuid.UUID `json:"to_vessel_id" binding:"required"`
	Species      string    `json:"species" binding:"required,len=3"`
	Area         string    `json:"area" binding:"required"`
	Season       int       `json:"season" binding:"required"`
	QuantityKg   int64     `json:"quantity_kg" binding:"required,gt=0"`
	PriceMinor   int64     `json:"price_minor"`
}

func (h *QuotaHandlers) Transfer(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		badRequest(c, errMissingKey)
		return
	}
	var req transferRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	t, err := h.Quota.Transfer(c.Request.Context(), ports.TransferInput{
		Reference:    key,
		FromVesselID: req.FromVesselID,
		ToVesselID:   req.ToVesselID,
		Species:      req.Species,
		Area:         req.Area,
		Season:       req.Season,
		QuantityKg:   req.QuantityKg,
		PriceMinor:   req.PriceMinor,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, t)
}
