package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

// CoachHandler serves coach and screening routes.
type CoachHandler struct {
	coaches service.CoachService
}

// NewCoachHandler builds the handler.
func NewCoachHandler(s service.CoachService) *CoachHandler { return &CoachHandler{coaches: s} }

func (h *CoachHandler) register(r gin.IRoutes) {
	r.POST("/v1/coaches", h.Create)
	r.POST("/v1/coaches/:id/background-checks", h.RequestCheck)
	r.POST("/v1/coaches/:id/background-checks/renew", h.RenewCheck)
}

// Create handles POST /v1/coaches.
func (h *CoachHandler) Create(c *gin.Context) {
	var in service.CoachInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	coach, replayed, err := h.coaches.CreateCoach(c.Request.Context(), idempotencyKey(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	if replayed {
		c.Header("Idempotent-Replayed", "true")
		c.JSON(http.StatusOK, coach)
		return
	}
	c.JSON(http.StatusCreated, coach)
}

type checkRequest struct {
	SeasonID string `json:"season_id" binding:"required"`
}

// RequestCheck handles POST /v1/coaches/:id/background-checks.
func (h *CoachHandler) RequestCheck(c *gin.Context) {
	var in checkRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	check, err := h.coaches.RequestBackgroundCheck(c.Request.Context(), c.Param("id"), in.SeasonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, check)
}

// RenewCheck handles POST /v1/coaches/:id/background-checks/renew.
func (h *CoachHandler) RenewCheck(c *gin.Context) {
	var in checkRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	check, err := h.coaches.RenewBackgroundCheck(c.Request.Context(), c.Param("id"), in.SeasonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, check)
}
