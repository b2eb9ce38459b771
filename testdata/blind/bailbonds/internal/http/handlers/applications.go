// Package handlers holds the gin handlers for the portal and back-office
// API.
package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/keystonebail/bondline/internal/applications"
	"github.com/keystonebail/bondline/internal/platform/httpx"
)

// ApplicationService is what the application handlers need.
type ApplicationService interface {
	Submit(ctx context.Context, in applications.SubmitInput) (*applications.Application, error)
	Approve(ctx context.Context, in applications.ApproveInput) (*applications.Approval, error)
}

// Applications serves /v1/applications.
type Applications struct {
	Svc ApplicationService
}

type indemnitorRequest struct {
	FullName     string `json:"full_name" binding:"required"`
	Phone        string `json:"phone" binding:"required"`
	Email        string `json:"email" binding:"omitempty,email"`
	Relationship string `json:"relationship"`
}

type submitApplicationRequest struct {
	DefendantName   string              `json:"defendant_name" binding:"required"`
	DefendantDOB    string              `json:"defendant_dob" binding:"required"`
	DefendantPhone  string              `json:"defendant_phone" binding:"required"`
	DefendantEmail  string              `json:"defendant_email" binding:"omitempty,email"`
	BookingNumber   string              `json:"booking_number" binding:"required"`
	County          string              `json:"county" binding:"required"`
	ChargeSummary   string              `json:"charge_summary"`
	BailAmountCents int64               `json:"bail_amount_cents" binding:"required,gt=0"`
	Indemnitors     []indemnitorRequest `json:"indemnitors" binding:"required,min=1,dive"`
}

// Submit handles POST /v1/applications from the defendant portal.
func (h Applications) Submit(c *gin.Context) {
	var req submitApplicationRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	dob, err := time.Parse("2006-01-02", req.DefendantDOB)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	in := applications.SubmitInput{
		DefendantName:   req.DefendantName,
		DefendantDOB:    dob,
		DefendantPhone:  req.DefendantPhone,
		DefendantEmail:  req.DefendantEmail,
		BookingNumber:   req.BookingNumber,
		County:          req.County,
		ChargeSummary:   req.ChargeSummary,
		BailAmountCents: req.BailAmountCents,
	}
	for _, ir := range req.Indemnitors {
		in.Indemnitors = append(in.Indemnitors, applications.IndemnitorInput(ir))
	}
	app, err := h.Svc.Submit(c.Request.Context(), in)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.Header("Location", "/v1/applications/"+app.ID.String())
	c.JSON(http.StatusCreated, app)
}

type approveRequest struct {
	CaseNumber string `json:"case_number" binding:"required"`
}

// Approve handles POST /v1/applications/:id/approve from the back office.
func (h Applications) Approve(c *gin.Context) {
	id, ok := httpx.ParseUUIDParam(c, "id")
	if !ok {
		return
	}
	var req approveRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	res, err := h.Svc.Approve(c.Request.Context(), applications.ApproveInput{
		ApplicationID: id,
		CaseNumber:    req.CaseNumber,
		AgentID:       httpx.AgentID(c),
	})
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}
