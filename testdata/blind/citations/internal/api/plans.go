package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/harborcity/citeproc/internal/service"
)

// PlanHandler enrols citations in payment plans.
type PlanHandler struct {
	plans *service.PlanService
}

func NewPlanHandler(plans *service.PlanService) *PlanHandler {
	return &PlanHandler{plans: plans}
}

func (h *PlanHandler) Register(public, clerk, _ *gin.RouterGroup) {
	public.POST("/citations/:number/payment-plans", h.create)
	public.POST("/payment-plans/:id/cancel", h.cancel)
	clerk.POST("/payment-plans/:id/clerk-cancel", h.clerkCancel)
}

type createPlanBody struct {
	Installments int    `json:"installments" binding:"required"`
	CardToken    string `json:"card_token" binding:"required"`
	Phone        string `json:"phone"`
	Email        string `json:"email"`
	FirstDue     string `json:"first_due"`
}

func (h *PlanHandler) create(c *gin.Context) {
	var body createPlanBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	var first time.Time
	if body.FirstDue != "" {
		t, err := time.Parse("2006-01-02", body.FirstDue)
		if err != nil {
			badRequest(c, err)
			return
		}
		first = t
	}
	plan, err := h.plans.CreatePlan(c.Request.Context(), service.CreatePlanRequest{
		CitationNumber: c.Param("number"),
		Installments:   body.Installments,
		CardToken:      body.CardToken,
		Phone:          body.Phone,
		Email:          body.Email,
		FirstDue:       first,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, plan)
}

type cancelBody struct {
	Reason string `json:"reason"`
}

func (h *PlanHandler) cancel(c *gin.Context) {
	var body cancelBody
	_ = c.ShouldBindJSON(&body)
	if body.Reason == "" {
		body.Reason = "cancelled by payer"
	}
	plan, err := h.plans.CancelPlan(c.Request.Context(), c.Param("id"), body.Reason, "portal")
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, plan)
}

func (h *PlanHandler) clerkCancel(c *gin.Context) {
	var body cancelBody
	if err := c.ShouldBindJSON(&body); err != nil || body.Reason == "" {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "reason is required"})
		return
	}
	plan, err := h.plans.CancelPlan(c.Request.Context(), c.Param("id"), body.Reason, actor(c, "clerk"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, plan)
}
