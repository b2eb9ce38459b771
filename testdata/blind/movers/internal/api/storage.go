package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/service"
)

type StorageHandler struct {
	storage service.StorageService
}

func NewStorageHandler(storage service.StorageService) *StorageHandler {
	return &StorageHandler{storage: storage}
}

func (h *StorageHandler) Register(rg *gin.RouterGroup) {
	rg.POST("/storage", h.open)
	rg.POST("/storage/:id/release", h.release)
}

type openStorageRequest struct {
	BookingID        uuid.UUID `json:"booking_id" binding:"required"`
	Warehouse        string    `json:"warehouse" binding:"required"`
	Vaults           int       `json:"vaults" binding:"required"`
	MonthlyRateCents int64     `json:"monthly_rate_cents" binding:"required"`
	StartedOn        string    `json:"started_on"`
}

func (h *StorageHandler) open(c *gin.Context) {
	var req openStorageRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	in := service.OpenStorageInput{
		BookingID:        req.BookingID,
		Warehouse:        req.Warehouse,
		Vaults:           req.Vaults,
		MonthlyRateCents: req.MonthlyRateCents,
	}
	if req.StartedOn != "" {
		t, err := time.Parse("2006-01-02", req.StartedOn)
		if err != nil {
			badRequest(c, err)
			return
		}
		in.StartedOn = t
	}
	lot, err := h.storage.Open(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, lot)
}

type releaseRequest struct {
	ReleasedOn string `json:"released_on"`
}

func (h *StorageHandler) release(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	var req releaseRequest
	_ = c.ShouldBindJSON(&req)
	on := time.Now().UTC().Truncate(24 * time.Hour)
	if req.ReleasedOn != "" {
		t, err := time.Parse("2006-01-02", req.ReleasedOn)
		if err != nil {
			badRequest(c, err)
			return
		}
		on = t
	}
	lot, err := h.storage.Release(c.Request.Context(), id, on)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, lot)
}
