package httpapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/service"
)

// newRxRequest is the subset of an NCPDP SCRIPT NewRx that the hub forwards
// as JSON.
type newRxRequest struct {
	MessageID  string `json:"message_id"`
	PatientMRN string `json:"patient_mrn"`
	Prescriber struct {
		NPI  string `json:"npi"`
		Name string `json:"name"`
	} `json:"prescriber"`
	Medication struct {
		NDC        string  `json:"ndc"`
		Name       string  `json:"name"`
		Sig        string  `json:"sig"`
		Quantity   float64 `json:"quantity"`
		DaysSupply int     `json:"days_supply"`
		Refills    int     `json:"refills"`
	} `json:"medication"`
	WrittenDate string `json:"written_date"`
	AutoRefill  bool   `json:"auto_refill"`
}

// IntakePrescription handles POST /v1/prescriptions from the e-prescribing
// hub. The hub resends until it gets a 2xx.
func (h *Handlers) IntakePrescription(c echo.Context) error {
	req, err := bindJSON[newRxRequest](c)
	if err != nil {
		return err
	}
	written, err := time.Parse(time.DateOnly, req.WrittenDate)
	if err != nil {
		return fmt.Errorf("%w: written_date must be YYYY-MM-DD", domain.ErrInvalid)
	}
	rx, created, err := h.prescriptions.Intake(c.Request().Context(), service.NewRxInput{
		MessageID:         req.MessageID,
		PatientMRN:        req.PatientMRN,
		PrescriberNPI:     req.Prescriber.NPI,
		PrescriberName:    req.Prescriber.Name,
		NDC:               req.Medication.NDC,
		DrugName:          req.Medication.Name,
		Sig:               req.Medication.Sig,
		Quantity:          req.Medication.Quantity,
		DaysSupply:        req.Medication.DaysSupply,
		RefillsAuthorized: req.Medication.Refills,
		WrittenOn:         written,
		AutoRefill:        req.AutoRefill,
	})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, map[string]any{
		"id":             rx.ID,
		"message_id":     rx.ERxMessageID,
		"refills_remain": rx.RefillsRemaining(),
	})
}
