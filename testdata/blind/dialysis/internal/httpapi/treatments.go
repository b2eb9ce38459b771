package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/treatment"
)

type startSessionRequest struct {
	PreWeightG int32 `json:"pre_weight_g" binding:"required,min=1"`
}

// POST /v1/sessions/:sessionID/start
func (a *API) startSession(c *gin.Context) {
	sessionID, ok := pathID(c, "sessionID")
	if !ok {
		return
	}
	var req startSessionRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	sess, err := a.Treatment.StartSession(c.Request.Context(), sessionID, treatment.StartInput{
		Nurse:      staffID(c),
		PreWeightG: req.PreWeightG,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sess)
}

type vitalsRequest struct {
	ReadingID         uuid.UUID `json:"reading_id" binding:"required"`
	Phase             string    `json:"phase" binding:"required,oneof=pre intra post"`
	Systolic          int32     `json:"systolic" binding:"required"`
	Diastolic         int32     `json:"diastolic" binding:"required"`
	Pulse             int32     `json:"pulse" binding:"required"`
	TempDecicelsius   *int32    `json:"temp_decicelsius"`
	BloodFlowRate     *int32    `json:"blood_flow_rate"`
	DialysateFlowRate *int32    `json:"dialysate_flow_rate"`
	VenousPressure    *int32    `json:"venous_pressure"`
	RecordedAt        time.Time `json:"recorded_at"`
}

// POST /v1/sessions/:sessionID/vitals
func (a *API) recordVitals(c *gin.Context) {
	sessionID, ok := pathID(c, "sessionID")
	if !ok {
		return
	}
	var req vitalsRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	v, created, err := a.Treatment.RecordVitals(c.Request.Context(), sessionID, treatment.VitalsInput{
		ReadingID:         req.ReadingID,
		Phase:             req.Phase,
		Systolic:          req.Systolic,
		Diastolic:         req.Diastolic,
		Pulse:             req.Pulse,
		TempDecicelsius:   req.TempDecicelsius,
		BloodFlowRate:     req.BloodFlowRate,
		DialysateFlowRate: req.DialysateFlowRate,
		VenousPressure:    req.VenousPressure,
		RecordedBy:        staffID(c),
		RecordedAt:        req.RecordedAt,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	c.JSON(status, v)
}

type medicationRequest struct {
	MedicationCode string    `json:"medication_code" binding:"required"`
	MedicationName string    `json:"medication_name" binding:"required"`
	Dose           string    `json:"dose" binding:"required"`
	DoseUnit       string    `json:"dose_unit" binding:"required"`
	Route          string    `json:"route" binding:"required,oneof=IV SC PO IM"`
	LotNumber      string    `json:"lot_number"`
	AdministeredAt time.Time `json:"administered_at"`
}

// POST /v1/sessions/:sessionID/medications
func (a *API) recordMedication(c *gin.Context) {
	sessionID, ok := pathID(c, "sessionID")
	if !ok {
		return
	}
	var req medicationRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	m, err := a.Treatment.RecordMedication(c.Request.Context(), sessionID, treatment.MedicationInput{
		MedicationCode: req.MedicationCode,
		MedicationName: req.MedicationName,
		Dose:           req.Dose,
		DoseUnit:       req.DoseUnit,
		Route:          req.Route,
		LotNumber:      req.LotNumber,
		AdministeredBy: staffID(c),
		AdministeredAt: req.AdministeredAt,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

type completeSessionRequest struct {
	PostWeightG int32 `json:"post_weight_g" binding:"required,min=1"`
	Supplies    []struct {
		SKU      string `json:"sku" binding:"required"`
		Quantity int32  `json:"quantity" binding:"required,min=1"`
	} `json:"supplies" binding:"dive"`
}

// POST /v1/sessions/:sessionID/complete
func (a *API) completeSession(c *gin.Context) {
	sessionID, ok := pathID(c, "sessionID")
	if !ok {
		return
	}
	var req completeSessionRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	in := treatment.CompleteInput{Nurse: staffID(c), PostWeightG: req.PostWeightG}
	for _, s := range req.Supplies {
		in.Supplies = append(in.Supplies, treatment.SupplyUse{SKU: s.SKU, Quantity: s.Quantity})
	}
	sess, err := a.Treatment.CompleteSession(c.Request.Context(), sessionID, in)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, sess)
}
