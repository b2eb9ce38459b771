package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/httpapi/middleware"
	"github.com/kestrelvet/refillrx/internal/refills"
)

// ClinicHandler serves the clinic portal and clinic PMS integrations.
type ClinicHandler struct {
	refills RefillService
}

func NewClinicHandler(r RefillService) *ClinicHandler { return &ClinicHandler{refills: r} }

type decisionBody struct {
	Quantity int32  `json:"quantity" binding:"min=0"`
	Note     string `json:"note" binding:"max=1000"`
}

func (h *ClinicHandler) decision(c *gin.Context) (refills.DecisionInput, bool) {
	var body decisionBody
	if !bindJSON(c, &body) {
		return refills.DecisionInput{}, false
	}
	p := middleware.PrincipalOf(c)
	return refills.DecisionInput{
		ClinicID: p.ClinicID, RefillID: c.Param("id"), VetID: p.VetID, Quantity: body.Quantity, Note: body.Note,
	}, true
}

// Approve handles POST /v1/clinic/refills/:id/approve.
func (h *ClinicHandler) Approve(c *gin.Context) {
	in, valid := h.decision(c)
	if !valid {
		return
	}
	d, err := h.refills.Approve(c.Request.Context(), in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusOK, d)
}

// Decline handles POST /v1/clinic/refills/:id/decline.
func (h *ClinicHandler) Decline(c *gin.Context) {
	in, valid := h.decision(c)
	if !valid {
		return
	}
	d, err := h.refills.Decline(c.Request.Context(), in)
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusOK, d)
}

type initiateBody struct {
	ClientRequestID string `json:"client_request_id" binding:"required,max=100"`
	PrescriptionID  string `json:"prescription_id" binding:"required"`
	Quantity        int32  `json:"quantity" binding:"min=0"`
}

// Initiate handles POST /v1/clinic/refills: a clinic-initiated, pre-approved
// refill.
func (h *ClinicHandler) Initiate(c *gin.Context) {
	var body initiateBody
	if !bindJSON(c, &body) {
		return
	}
	p := middleware.PrincipalOf(c)
	rr, err := h.refills.InitiateFromClinic(c.Request.Context(), refills.ClinicInitiateInput{
		ClinicID: p.ClinicID, ClientRequestID: body.ClientRequestID, PrescriptionID: body.PrescriptionID,
		Quantity: body.Quantity, VetID: p.VetID,
	})
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusOK, toRefillView(rr))
}
