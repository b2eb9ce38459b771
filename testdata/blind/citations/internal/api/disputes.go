package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborcity/citeproc/internal/service"
)

// DisputeHandler files disputes and manages their hearings.
type DisputeHandler struct {
	disputes *service.DisputeService
}

func NewDisputeHandler(disputes *service.DisputeService) *DisputeHandler {
	return &DisputeHandler{disputes: disputes}
}

func (h *DisputeHandler) Register(public, clerk, _ *gin.RouterGroup) {
	public.POST("/citations/:number/disputes", h.file)
	clerk.POST("/disputes/:id/hearings", h.schedule)
	clerk.POST("/hearings/:id/outcome", h.outcome)
}

type fileBody struct {
	ReasonCode string `json:"reason_code" binding:"required"`
	Statement  string `json:"statement" binding:"max=4000"`
	Email      string `json:"email" binding:"required,email"`
}

func (h *DisputeHandler) file(c *gin.Context) {
	var body fileBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	d, created, err := h.disputes.File(c.Request.Context(), service.FileRequest{
		CitationNumber: c.Param("number"),
		ReasonCode:     body.ReasonCode,
		Statement:      body.Statement,
		SubmittedBy:    body.Email,
	})
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, d)
}

type scheduleBody struct {
	DocketID    string `json:"docket_id" binding:"required"`
	Interpreter string `json:"interpreter_language"`
	Remote      bool   `json:"remote"`
}

func (h *DisputeHandler) schedule(c *gin.Context) {
	var body scheduleBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	hearing, err := h.disputes.ScheduleHearing(c.Request.Context(), c.Param("id"), service.ScheduleRequest{
		DocketID:    body.DocketID,
		Interpreter: body.Interpreter,
		Remote:      body.Remote,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, hearing)
}

type outcomeBody struct {
	Outcome        string `json:"outcome" binding:"required"`
	ReductionCents int64  `json:"reduction_cents"`
	Notes          string `json:"notes"`
}

func (h *DisputeHandler) outcome(c *gin.Context) {
	var body outcomeBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err)
		return
	}
	hearing, err := h.disputes.RecordOutcome(c.Request.Context(), c.Param("id"), service.OutcomeRequest{
		Outcome:        body.Outcome,
		ReductionCents: body.ReductionCents,
		Notes:          body.Notes,
		Officer:        actor(c, "hearing_officer"),
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, hearing)
}
