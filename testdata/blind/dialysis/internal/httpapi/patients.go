package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/intake"
)

type registerPatientRequest struct {
	ClinicID    uuid.UUID `json:"clinic_id" binding:"required"`
	MRN         string    `json:"mrn" binding:"required"`
	FirstName   string    `json:"first_name" binding:"required"`
	LastName    string    `json:"last_name" binding:"required"`
	DateOfBirth string    `json:"date_of_birth" binding:"required"`
	Sex         string    `json:"sex" binding:"required,oneof=F M U"`
	Phone       string    `json:"phone"`
	HomeAddress string    `json:"home_address" binding:"required"`
	Modality    string    `json:"modality"`
	Mobility    string    `json:"mobility" binding:"omitempty,oneof=ambulatory wheelchair stretcher"`
}

// POST /v1/patients
func (a *API) registerPatient(c *gin.Context) {
	var req registerPatientRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	dob, err := time.Parse("2006-01-02", req.DateOfBirth)
	if err != nil {
		badRequest(c, err)
		return
	}
	res, err := a.Intake.RegisterPatient(c.Request.Context(), intake.RegisterPatientInput{
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
		ClinicID:       req.ClinicID,
		MRN:            req.MRN,
		FirstName:      req.FirstName,
		LastName:       req.LastName,
		DateOfBirth:    dob,
		Sex:            req.Sex,
		Phone:          req.Phone,
		HomeAddress:    req.HomeAddress,
		Modality:       req.Modality,
		Mobility:       req.Mobility,
		CreatedBy:      staffID(c),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	c.JSON(status, res.Patient)
}

type addCoverageRequest struct {
	PayerID       string `json:"payer_id" binding:"required"`
	PayerName     string `json:"payer_name" binding:"required"`
	MemberID      string `json:"member_id" binding:"required"`
	GroupNumber   string `json:"group_number"`
	Priority      int16  `json:"priority" binding:"omitempty,min=1,max=3"`
	EffectiveFrom string `json:"effective_from" binding:"required"`
	EffectiveTo   string `json:"effective_to"`
}

// POST /v1/patients/:patientID/coverages
func (a *API) addCoverage(c *gin.Context) {
	patientID, ok := pathID(c, "patientID")
	if !ok {
		return
	}
	var req addCoverageRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	from, err := time.Parse("2006-01-02", req.EffectiveFrom)
	if err != nil {
		badRequest(c, err)
		return
	}
	var to time.Time
	if req.EffectiveTo != "" {
		if to, err = time.Parse("2006-01-02", req.EffectiveTo); err != nil {
			badRequest(c, err)
			return
		}
	}
	cov, err := a.Intake.AddCoverage(c.Request.Context(), intake.AddCoverageInput{
		PatientID:     patientID,
		PayerID:       req.PayerID,
		PayerName:     req.PayerName,
		MemberID:      req.MemberID,
		GroupNumber:   req.GroupNumber,
		Priority:      req.Priority,
		EffectiveFrom: from,
		EffectiveTo:   to,
		CreatedBy:     staffID(c),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, cov)
}

type eligibilityRequest struct {
	CoverageID uuid.UUID `json:"coverage_id" binding:"required"`
}

// POST /v1/patients/:patientID/eligibility-checks
func (a *API) checkEligibility(c *gin.Context) {
	patientID, ok := pathID(c, "patientID")
	if !ok {
		return
	}
	var req eligibilityRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	rec, err := a.Intake.CheckEligibility(c.Request.Context(), patientID, req.CoverageID, staffID(c))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, rec)
}
