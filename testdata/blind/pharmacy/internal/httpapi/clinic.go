package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/cedarleaf/pharmacy/internal/patient"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/prescription"
)

// Clinic EHRs post NewRx, CancelRx and patient registrations here. They
// retry with backoff on any non-2xx or timeout for up to 24h.

type rxPatientBody struct {
	MRN         string `json:"mrn"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	DateOfBirth string `json:"date_of_birth"`
	Phone       string `json:"phone"`
	Email       string `json:"email"`
	Address     struct {
		Line1  string `json:"line1"`
		City   string `json:"city"`
		Postal string `json:"postal_code"`
	} `json:"address"`
	Insurance struct {
		MemberID string `json:"member_id"`
		BIN      string `json:"bin"`
		PCN      string `json:"pcn"`
		Group    string `json:"group"`
	} `json:"insurance"`
}

type newRxBody struct {
	MessageID     string        `json:"message_id"`
	RxID          string        `json:"rx_id"`
	Patient       rxPatientBody `json:"patient"`
	PrescriberNPI string        `json:"prescriber_npi"`
	NDC           string        `json:"ndc"`
	DrugName      string        `json:"drug_name"`
	Sig           string        `json:"sig"`
	Quantity      int32         `json:"quantity"`
	DaysSupply    int32         `json:"days_supply"`
	Refills       int32         `json:"refills"`
	WrittenOn     string        `json:"written_on"`
}

// ClinicNewPrescription handles POST /webhooks/clinics/{clinicID}/prescriptions.
func (h *Handler) ClinicNewPrescription(w http.ResponseWriter, r *http.Request) {
	var body newRxBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	if body.RxID == "" || body.NDC == "" || body.Quantity <= 0 || body.DaysSupply <= 0 {
		fail(w, r, httpx.NewError(http.StatusUnprocessableEntity, "invalid_rx", "rx_id, ndc, quantity and days_supply are required"))
		return
	}
	dob, err := time.Parse("2006-01-02", body.Patient.DateOfBirth)
	if err != nil {
		fail(w, r, httpx.NewError(http.StatusUnprocessableEntity, "invalid_dob", "date_of_birth must be YYYY-MM-DD"))
		return
	}
	written, err := time.Parse("2006-01-02", body.WrittenOn)
	if err != nil {
		fail(w, r, httpx.NewError(http.StatusUnprocessableEntity, "invalid_written_on", "written_on must be YYYY-MM-DD"))
		return
	}

	in := prescription.IntakeRequest{
		ExternalRxID: body.RxID,
		Patient: prescription.PatientInfo{
			MRN:         body.Patient.MRN,
			FirstName:   body.Patient.FirstName,
			LastName:    body.Patient.LastName,
			DateOfBirth: dob,
			Phone:       body.Patient.Phone,
			Email:       body.Patient.Email,
			Address: prescription.Address{
				Line1:  body.Patient.Address.Line1,
				City:   body.Patient.Address.City,
				Postal: body.Patient.Address.Postal,
			},
			MemberID: body.Patient.Insurance.MemberID,
			BIN:      body.Patient.Insurance.BIN,
			PCN:      body.Patient.Insurance.PCN,
			Group:    body.Patient.Insurance.Group,
		},
		PrescriberNPI: body.PrescriberNPI,
		NDC:           body.NDC,
		DrugName:      body.DrugName,
		Sig:           body.Sig,
		Quantity:      body.Quantity,
		DaysSupply:    body.DaysSupply,
		Refills:       body.Refills,
		WrittenAt:     written,
	}
	res, err := h.Prescriptions.Intake(r.Context(), clinicFrom(r.Context()), in)
	if err != nil {
		fail(w, r, err)
		return
	}
	status := http.StatusCreated
	if res.Duplicate {
		status = http.StatusOK
	}
	httpx.JSON(w, status, map[string]any{"prescription_id": res.PrescriptionID, "duplicate": res.Duplicate})
}

type cancelRxBody struct {
	MessageID string `json:"message_id"`
	Reason    string `json:"reason"`
}

// ClinicCancelPrescription handles
// POST /webhooks/clinics/{clinicID}/prescriptions/{externalRxID}/cancel.
func (h *Handler) ClinicCancelPrescription(w http.ResponseWriter, r *http.Request) {
	var body cancelRxBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	res, err := h.Prescriptions.CancelFromClinic(r.Context(), clinicFrom(r.Context()), chi.URLParam(r, "externalRxID"), body.Reason)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{
		"prescription_id":   res.PrescriptionID,
		"already_cancelled": res.AlreadyCancelled,
		"orders_voided":     res.OrdersVoided,
	})
}

type registerPatientBody struct {
	rxPatientBody
	SMSOptIn bool `json:"sms_opt_in"`
}

// ClinicRegisterPatient handles POST /webhooks/clinics/{clinicID}/patients.
func (h *Handler) ClinicRegisterPatient(w http.ResponseWriter, r *http.Request) {
	var body registerPatientBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	dob, err := time.Parse("2006-01-02", body.DateOfBirth)
	if err != nil || body.MRN == "" {
		fail(w, r, httpx.NewError(http.StatusUnprocessableEntity, "invalid_patient", "mrn and date_of_birth are required"))
		return
	}
	p, err := h.Patients.Register(r.Context(), clinicFrom(r.Context()), patient.Registration{
		MRN:           body.MRN,
		FirstName:     body.FirstName,
		LastName:      body.LastName,
		DateOfBirth:   dob,
		Phone:         body.Phone,
		Email:         body.Email,
		AddressLine1:  body.Address.Line1,
		AddressCity:   body.Address.City,
		AddressPostal: body.Address.Postal,
		SMSOptIn:      body.SMSOptIn,
		MemberID:      body.Insurance.MemberID,
		BIN:           body.Insurance.BIN,
		PCN:           body.Insurance.PCN,
		Group:         body.Insurance.Group,
	})
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"patient_id": p.ID})
}
