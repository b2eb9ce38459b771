package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
)

type PrescriptionService interface {
	// Intake stores a NewRx message from the e-prescribing network. It
	// reports whether the prescription was new.
	Intake(ctx context.Context, in NewRxInput) (*domain.Prescription, bool, error)
}

type NewRxInput struct {
	MessageID         string
	PatientMRN        string
	PrescriberNPI     string
	PrescriberName    string
	NDC               string
	DrugName          string
	Sig               string
	Quantity          float64
	DaysSupply        int
	RefillsAuthorized int
	WrittenOn         time.Time
	AutoRefill        bool
}

func (in NewRxInput) validate() error {
	switch {
	case in.MessageID == "":
		return fmt.Errorf("%w: message_id is required", domain.ErrInvalid)
	case len(in.PrescriberNPI) != 10:
		return fmt.Errorf("%w: prescriber NPI must be 10 digits", domain.ErrInvalid)
	case len(strings.ReplaceAll(in.NDC, "-", "")) != 11:
		return fmt.Errorf("%w: NDC must be 11 digits", domain.ErrInvalid)
	case in.Quantity <= 0 || in.DaysSupply <= 0:
		return fmt.Errorf("%w: quantity and days_supply must be positive", domain.ErrInvalid)
	case in.RefillsAuthorized < 0 || in.RefillsAuthorized > 11:
		return fmt.Errorf("%w: refills must be between 0 and 11", domain.ErrInvalid)
	}
	return nil
}

type PrescriptionServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	pharmacyID    string
	newID         ids.UUIDFunc
	now           Clock
	log           *slog.Logger
}

func NewPrescriptionService(patients PatientRepository, prescriptions PrescriptionRepository, settings Settings, log *slog.Logger) *PrescriptionServiceImpl {
	return &PrescriptionServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		pharmacyID:    settings.PharmacyID,
		newID:         ids.NewUUID,
		now:           time.Now,
		log:           log.With("service", "prescriptions"),
	}
}

func (s *PrescriptionServiceImpl) Intake(ctx context.Context, in NewRxInput) (*domain.Prescription, bool, error) {
	if err := in.validate(); err != nil {
		return nil, false, err
	}
	patient, err := s.patients.FindByMRN(ctx, s.pharmacyID, strings.ToUpper(in.PatientMRN))
	if err != nil {
		return nil, false, fmt.Errorf("patient %s: %w", in.PatientMRN, err)
	}
	now := s.now().UTC()
	rx := &domain.Prescription{
		ID:                s.newID(),
		PatientID:         patient.ID,
		ERxMessageID:      in.MessageID,
		PrescriberNPI:     in.PrescriberNPI,
		PrescriberName:    in.PrescriberName,
		NDC:               strings.ReplaceAll(in.NDC, "-", ""),
		DrugName:          in.DrugName,
		Sig:               in.Sig,
		Quantity:          in.Quantity,
		DaysSupply:        in.DaysSupply,
		RefillsAuthorized: in.RefillsAuthorized,
		AutoRefill:        in.AutoRefill,
		WrittenOn:         in.WrittenOn,
		ExpiresOn:         expiry(in.WrittenOn, in.NDC),
		CreatedAt:         now,
		UpdatedAt:         now,
	}
	inserted, err := s.prescriptions.CreateIgnoreConflict(ctx, rx, "erx_message_id")
	if err != nil {
		return nil, false, err
	}
	if !inserted {
		existing, err := s.prescriptions.FindByERxMessage(ctx, in.MessageID)
		return existing, false, err
	}
	s.log.InfoContext(ctx, "prescription received", "prescription_id", rx.ID, "patient_id", patient.ID)
	return rx, true, nil
}

// expiry applies the state default of one year from the written date.
// Controlled-substance schedules are handled by the pharmacist at
// verification; the NDC is accepted here for when we start doing it.
func expiry(written time.Time, _ string) time.Time {
	return written.AddDate(1, 0, 0)
}
