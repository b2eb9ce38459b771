package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

// ObserverHandlers receive reports from observers' tablets, which queue
// reports offline and sync them when the vessel is back in coverage.
type ObserverHandlers struct {
	Reports ports.ObserverService
}

func NewObserverHandlers(s ports.ObserverService) *ObserverHandlers {
	return &ObserverHandlers{Reports: s}
}

func (h *ObserverHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/observer-reports", h.File)
}

type observerReportRequest struct {
	ObserverID   uuid.UUID `json:"observer_id" binding:"required"`
	VesselID     uuid.UUID `json:"vessel_id" binding:"required"`
	TripID       string    `json:"trip_id" binding:"required"`
	HaulNo       int       `json:"haul_no" binding:"required,gt=0"`
	ObservedAt   time.Time `json:"observed_at" binding:"required"`
	BycatchKg    int64     `json:"bycatch_kg"`
	DiscardKg    int64     `json:"discard_kg"`
	Infringement bool      `json:"infringement"`
	Notes        string    `json:"notes"`
}

func (h *ObserverHandlers) File(c *gin.Context) {
	var req observerReportRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	report := &domain.ObserverReport{
		ID:           uuid.New(),
		ObserverID:   req.ObserverID,
		VesselID:     req.VesselID,
		TripID:       req.TripID,
		HaulNo:       req.HaulNo,
		ObservedAt:   req.ObservedAt.UTC(),
		BycatchKg:    req.BycatchKg,
		DiscardKg:    req.DiscardKg,
		Infringement: req.Infringement,
		Notes:        req.Notes,
	}
	if err := h.Reports.File(c.Request.Context(), report); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"id": report.ID})
}
