package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

type VesselHandlers struct {
	Vessels ports.VesselService
}

func NewVesselHandlers(s ports.VesselService) *VesselHandlers { return &VesselHandlers{Vessels: s} }

func (h *VesselHandlers) Register(rg *gin.RouterGroup) {
	rg.POST("/vessels", h.Create)
	rg.GET("/vessels/:id", h.Get)
}

type registerVesselRequest struct {
	RegistrationNo     string    `json:"registration_no" binding:"required"`
	IMONumber          string    `json:"imo_number"`
	Name               string    `json:"name" binding:"required"`
	OwnerID            uuid.UUID `json:"owner_id" binding:"required"`
	OwnerPhone         string    `json:"owner_phone"`
	OwnerEmail         string    `json:"owner_email"`
	HomePort           string    `json:"home_port" binding:"required"`
	LengthM            float64   `json:"length_m" binding:"required,gt=0"`
	PaymentCustomerRef string    `json:"payment_customer_ref"`
}

func (h *VesselHandlers) Create(c *gin.Context) {
	var req registerVesselRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	v, created, err := h.Vessels.Register(c.Request.Context(), ports.RegisterVesselInput(req))
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, v)
}

func (h *VesselHandlers) Get(c *gin.Context) {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		badRequest(c, err)
		return
	}
	v, err := h.Vessels.Get(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}
