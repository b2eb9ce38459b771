package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

// HouseholdHandler serves household and child routes.
type HouseholdHandler struct {
	households service.HouseholdService
	discounts  service.DiscountService
}

// NewHouseholdHandler builds the handler.
func NewHouseholdHandler(h service.HouseholdService, d service.DiscountService) *HouseholdHandler {
	return &HouseholdHandler{households: h, discounts: d}
}

func (h *HouseholdHandler) register(r gin.IRoutes) {
	r.POST("/v1/households", h.Create)
	r.POST("/v1/households/:id/children", h.AddChild)
	r.POST("/v1/households/:id/sibling-discount/recalculate", h.RecalculateDiscount)
}

// Create handles POST /v1/households.
func (h *HouseholdHandler) Create(c *gin.Context) {
	var in service.HouseholdInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	hh, created, err := h.households.Register(c.Request.Context(), in)
	if err != nil {
		writeError(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, hh)
}

// AddChild handles POST /v1/households/:id/children.
func (h *HouseholdHandler) AddChild(c *gin.Context) {
	var in service.ChildInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	child, err := h.households.AddChild(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, child)
}

type recalcRequest struct {
	SeasonID string `json:"season_id" binding:"required"`
}

// RecalculateDiscount handles POST /v1/households/:id/sibling-discount/recalculate.
func (h *HouseholdHandler) RecalculateDiscount(c *gin.Context) {
	var in recalcRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	regs, err := h.discounts.RecalculateSiblingDiscounts(c.Request.Context(), c.Param("id"), in.SeasonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"registrations": regs})
}
