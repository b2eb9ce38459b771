package httpapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/service"
)

type registerPatientRequest struct {
	MRN         string      `json:"mrn"`
	FirstName   string      `json:"first_name"`
	LastName    string      `json:"last_name"`
	DateOfBirth string      `json:"date_of_birth"`
	Email       string      `json:"email"`
	Phone       string      `json:"phone"`
	ShipTo      addressJSON `json:"shipping_address"`
	Coverage    struct {
		BIN      string `json:"bin"`
		PCN      string `json:"pcn"`
		Group    string `json:"group"`
		MemberID string `json:"member_id"`
	} `json:"coverage"`
}

type patientResponse struct {
	ID        string `json:"id"`
	MRN       string `json:"mrn"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	HasCard   bool   `json:"has_payment_method"`
}

func toPatientResponse(p *domain.Patient) patientResponse {
	return patientResponse{
		ID:        p.ID.String(),
		MRN:       p.MRN,
		FirstName: p.FirstName,
		LastName:  p.LastName,
		Email:     p.Email,
		HasCard:   p.DefaultPaymentMethodID != nil,
	}
}

// RegisterPatient handles POST /v1/patients.
func (h *Handlers) RegisterPatient(c echo.Context) error {
	req, err := bindJSON[registerPatientRequest](c)
	if err != nil {
		return err
	}
	dob, err := time.Parse(time.DateOnly, req.DateOfBirth)
	if err != nil {
		return fmt.Errorf("%w: date_of_birth must be YYYY-MM-DD", domain.ErrInvalid)
	}
	p, err := h.patients.Register(c.Request().Context(), service.RegisterPatientInput{
		MRN:         req.MRN,
		FirstName:   req.FirstName,
		LastName:    req.LastName,
		DateOfBirth: dob,
		Email:       req.Email,
		Phone:       req.Phone,
		ShipTo:      req.ShipTo.domain(),
		Coverage: domain.Coverage{
			BIN:      req.Coverage.BIN,
			PCN:      req.Coverage.PCN,
			Group:    req.Coverage.Group,
			MemberID: req.Coverage.MemberID,
		},
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toPatientResponse(p))
}

type addPaymentMethodRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

// AddPaymentMethod handles POST /v1/patients/:id/payment-methods.
func (h *Handlers) AddPaymentMethod(c echo.Context) error {
	patientID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[addPaymentMethodRequest](c)
	if err != nil {
		return err
	}
	if err := h.patients.AddPaymentMethod(c.Request().Context(), patientID, req.PaymentMethodID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type issueCreditRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// IssueCredit handles POST /v1/patients/:id/credits. Support tooling sends
// an Idempotency-Key; the route's middleware replays earlier responses.
func (h *Handlers) IssueCredit(c echo.Context) error {
	patientID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[issueCreditRequest](c)
	if err != nil {
		return err
	}
	credit, err := h.patients.IssueCredit(c.Request().Context(), service.IssueCreditInput{
		PatientID:   patientID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		IssuedBy:    actor(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           credit.ID,
		"amount_cents": credit.AmountCents,
		"created_at":   credit.CreatedAt,
	})
}

type reminderPreferenceRequest struct {
	Enabled    bool `json:"enabled"`
	DaysBefore int  `json:"days_before"`
}

// SetReminderPreference handles PUT /v1/patients/:id/prescriptions/:rx/reminders.
func (h *Handlers) SetReminderPreference(c echo.Context) error {
	patientID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	rxID, err := pathUUID(c, "rx")
	if err != nil {
		return err
	}
	req, err := bindJSON[reminderPreferenceRequest](c)
	if err != nil {
		return err
	}
	pref, err := h.patients.SetReminderPreference(c.Request().Context(), service.ReminderPreferenceInput{
		PatientID:      patientID,
		PrescriptionID: rxID,
		Enabled:        req.Enabled,
		DaysBefore:     req.DaysBefore,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"prescription_id": pref.PrescriptionID,
		"enabled":         pref.Enabled,
		"days_before":     pref.DaysBefore,
	})
}
