package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

// RegistrationHandler serves registration and payment routes.
type RegistrationHandler struct {
	registrations service.RegistrationService
	payments      service.PaymentService
	scholarships  service.ScholarshipService
}

// NewRegistrationHandler builds the handler.
func NewRegistrationHandler(r service.RegistrationService, p service.PaymentService, s service.ScholarshipService) *RegistrationHandler {
	return &RegistrationHandler{registrations: r, payments: p, scholarships: s}
}

func (h *RegistrationHandler) register(r gin.IRoutes) {
	r.POST("/v1/registrations", h.Create)
	r.GET("/v1/registrations/:id", h.Get)
	r.POST("/v1/registrations/:id/checkout", h.Checkout)
	r.POST("/v1/registrations/:id/installments/:n/pay", h.PayInstallment)
	r.POST("/v1/registrations/:id/scholarship", h.Scholarship)
	r.POST("/v1/registrations/:id/cancel", h.Cancel)
	r.POST("/v1/registrations/:id/transfer", h.Transfer)
}

// Create handles POST /v1/registrations.
func (h *RegistrationHandler) Create(c *gin.Context) {
	var in service.RegisterInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	reg, replayed, err := h.registrations.Register(c.Request.Context(), idempotencyKey(c), in)
	if err != nil {
		writeError(c, err)
		return
	}
	if replayed {
		c.Header("Idempotent-Replayed", "true")
		c.JSON(http.StatusOK, reg)
		return
	}
	c.JSON(http.StatusCreated, reg)
}

// Get handles GET /v1/registrations/:id.
func (h *RegistrationHandler) Get(c *gin.Context) {
	reg, err := h.registrations.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, reg)
}

// Checkout handles POST /v1/registrations/:id/checkout.
func (h *RegistrationHandler) Checkout(c *gin.Context) {
	var in service.CheckoutInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	intent, err := h.payments.Checkout(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, intent)
}

// PayInstallment handles POST /v1/registrations/:id/installments/:n/pay.
func (h *RegistrationHandler) PayInstallment(c *gin.Context) {
	n, err := strconv.Atoi(c.Param("n"))
	if err != nil {
		badRequest(c, err)
		return
	}
	var in service.CheckoutInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	intent, err := h.payments.PayInstallment(c.Request.Context(), c.Param("id"), n, in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, intent)
}

// Scholarship handles POST /v1/registrations/:id/scholarship.
func (h *RegistrationHandler) Scholarship(c *gin.Context) {
	var in service.AwardInput
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	if in.ApprovedBy == "" {
		in.ApprovedBy = actor(c)
	}
	award, err := h.scholarships.Award(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, award)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/registrations/:id/cancel.
func (h *RegistrationHandler) Cancel(c *gin.Context) {
	var in cancelRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	reg, err := h.registrations.Cancel(c.Request.Context(), c.Param("id"), in.Reason)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, reg)
}

type transferRequest struct {
	DivisionID string `json:"division_id" binding:"required"`
}

// Transfer handles POST /v1/registrations/:id/transfer.
func (h *RegistrationHandler) Transfer(c *gin.Context) {
	var in transferRequest
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return
	}
	reg, err := h.registrations.Transfer(c.Request.Context(), c.Param("id"), in.DivisionID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, reg)
}
