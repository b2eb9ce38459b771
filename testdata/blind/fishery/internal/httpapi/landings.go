package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// LandingHandlers serve the port terminals. Terminals work store-and-forward
// and resend a declaration until they get a 2xx.
type LandingHandlers struct {
	Landings ports.LandingService
}

func NewLandingHandlers(s ports.LandingService) *LandingHandlers {
	return &LandingHandlers{Landings: s}
}

func (h *LandingHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/landings", h.Declare)
}

type declareLandingRequest struct {
	PortCode      string                   `json:"port_code" binding:"required"`
	DeclarationNo string                   `json:"declaration_no" binding:"required"`
	VesselRegNo   string                   `json:"vessel_reg_no" binding:"required"`
	TripID        string                   `json:"trip_id"`
	LandedAt      time.Time                `json:"landed_at" binding:"required"`
	Lines         []ports.LandingLineInput `json:"lines" binding:"required,min=1,dive"`
}

func (h *LandingHandlers) Declare(c *gin.Context) {
	var req declareLandingRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	l, err := h.Landings.Declare(c.Request.Context(), ports.DeclareLandingInput{
		PortCode:       req.PortCode,
		DeclarationNo:  req.DeclarationNo,
		VesselRegNo:    req.VesselRegNo,
		TripID:         req.TripID,
		LandedAt:       req.LandedAt,
		Lines:          req.Lines,
		TerminalSerial: c.GetHeader("X-Terminal-Serial"),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, l)
}

// PortCallHandlers take prior notifications of arrival from the vessel's
// skipper app, which retries on network errors.
type PortCallHandlers struct {
	PortCalls ports.PortCallService
}

func NewPortCallHandlers(s ports.PortCallService) *PortCallHandlers {
	return &PortCallHandlers{PortCalls: s}
}

func (h *PortCallHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/port-calls", h.Notify)
}

type portCallRequest struct {
	VesselID uuid.UUID `json:"vessel_id" binding:"required"`
	PortCode string    `json:"port_code" binding:"required"`
	ETA      time.Time `json:"eta" binding:"required"`
	Purpose  string    `json:"purpose" binding:"required,oneof=landing transhipment provisioning"`
}

func (h *PortCallHandlers) Notify(c *gin.Context) {
	var req portCallRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	pc, err := h.PortCalls.Notify(c.Request.Context(), ports.PortCallInput(req))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, pc)
}
