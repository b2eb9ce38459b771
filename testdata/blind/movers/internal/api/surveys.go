package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/haulright/movers/internal/service"
)

type SurveyHandler struct {
	surveys service.SurveyService
	store   ResponseStore
}

func NewSurveyHandler(surveys service.SurveyService, store ResponseStore) *SurveyHandler {
	return &SurveyHandler{surveys: surveys, store: store}
}

// Register mounts the survey routes used by the public booking widget.
func (h *SurveyHandler) Register(rg *gin.RouterGroup) {
	rg.POST("/surveys", ReplayIdempotent(h.store, "surveys.schedule"), h.schedule)
}

type scheduleSurveyRequest struct {
	CustomerID  uuid.UUID `json:"customer_id" binding:"required"`
	Address     string    `json:"address" binding:"required"`
	ScheduledAt time.Time `json:"scheduled_at" binding:"required"`
	Kind        string    `json:"kind"`
}

func (h *SurveyHandler) schedule(c *gin.Context) {
	var req scheduleSurveyRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	sv, err := h.surveys.Schedule(c.Request.Context(), service.ScheduleSurveyInput{
		CustomerID:  req.CustomerID,
		Address:     req.Address,
		ScheduledAt: req.ScheduledAt,
		Kind:        req.Kind,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, sv)
}
