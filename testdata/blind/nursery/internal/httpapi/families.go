package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/platform/idem"
	"github.com/acornlane-childcare/nursery/internal/service/enrolment"
	"github.com/acornlane-childcare/nursery/internal/service/family"
)

type FamilyService interface {
	Register(ctx context.Context, in family.RegisterInput) (db.Family, error)
	AddChild(ctx context.Context, familyID uuid.UUID, in family.AddChildInput) (db.Child, error)
}

type EnrolmentService interface {
	Enrol(ctx context.Context, in enrolment.EnrolInput) (db.Enrolment, error)
}

// FamilyHandler serves family registration for the parent portal.
type FamilyHandler struct {
	families   FamilyService
	enrolments EnrolmentService
	log        *slog.Logger
}

func NewFamilyHandler(families FamilyService, enrolments EnrolmentService, log *slog.Logger) *FamilyHandler {
	return &FamilyHandler{families: families, enrolments: enrolments, log: log}
}

type registerFamilyRequest struct {
	NurseryID   uuid.UUID `json:"nursery_id" binding:"required"`
	DisplayName string    `json:"display_name" binding:"required"`
	Email       string    `json:"email" binding:"required,email"`
	Phone       string    `json:"phone" binding:"required"`
}

// Register handles POST /v1/families.
func (h *FamilyHandler) Register(c *gin.Context) {
	var req registerFamilyRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	fam, err := h.families.Register(c.Request.Context(), family.RegisterInput{
		NurseryID:   req.NurseryID,
		DisplayName: req.DisplayName,
		Email:       req.Email,
		Phone:       req.Phone,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, fam)
}

type addChildRequest struct {
	FirstName   string `json:"first_name" binding:"required"`
	LastName    string `json:"last_name" binding:"required"`
	DateOfBirth string `json:"date_of_birth" binding:"required"`
}

// AddChild handles POST /v1/families/:familyID/children. The portal sends an
// Idempotency-Key with every submission.
func (h *FamilyHandler) AddChild(c *gin.Context) {
	familyID, ok := httpx.UUIDParam(c, "familyID")
	if !ok {
		return
	}
	var req addChildRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	dob, err := time.Parse(time.DateOnly, req.DateOfBirth)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	child, err := h.families.AddChild(c.Request.Context(), familyID, family.AddChildInput{
		FirstName:   req.FirstName,
		LastName:    req.LastName,
		DateOfBirth: dob,
		RequestKey:  c.GetHeader(idem.HeaderKey),
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, child)
}

type enrolRequest struct {
	ChildID     uuid.UUID `json:"child_id" binding:"required"`
	RoomID      uuid.UUID `json:"room_id" binding:"required"`
	StartDate   string    `json:"start_date" binding:"required"`
	FundedHours float64   `json:"funded_hours"`
}

// Enrol handles POST /v1/enrolments from the admissions screen.
func (h *FamilyHandler) Enrol(c *gin.Context) {
	var req enrolRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	start, err := time.Parse(time.DateOnly, req.StartDate)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	e, err := h.enrolments.Enrol(c.Request.Context(), enrolment.EnrolInput{
		ChildID:     req.ChildID,
		RoomID:      req.RoomID,
		StartDate:   start,
		FundedHours: req.FundedHours,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, e)
}
