// Package rx sends e-prescriptions to the RxRelay pharmacy network.
package rx

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/providers/pharmacy"
)

// Store is the prescription persistence used by the service.
type Store interface {
	Ensure(ctx context.Context, rx *domain.Prescription) (*domain.Prescription, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Prescription, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, partnerOrderID string) error
	MarkCancelled(ctx context.Context, id uuid.UUID) error
	EnsureRenewal(ctx context.Context, rn *domain.PrescriptionRenewal) (*domain.PrescriptionRenewal, error)
	MarkRenewalSent(ctx context.Context, id uuid.UUID, partnerRenewalID string) error
}

// People loads the prescriber and patient.
type People interface {
	Patient(ctx context.Context, id uuid.UUID) (*domain.Patient, error)
	Clinician(ctx context.Context, id uuid.UUID) (*domain.Clinician, error)
}

// Appointments loads the visit the prescription belongs to.
type Appointments interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
}

// Service implements the prescription use cases.
type Service struct {
	store  Store
	people People
	appts  Appointments
	erx    pharmacy.API
	log    *slog.Logger
}

func NewService(store Store, people People, appts Appointments, erx pharmacy.API, log *slog.Logger) *Service {
	return &Service{store: store, people: people, appts: appts, erx: erx, log: log}
}

// SubmitRequest is one prescription line written during a visit.
type SubmitRequest struct {
	AppointmentID uuid.UUID
	LineNo        int
	PrescriberID  uuid.UUID
	NDC           string
	DrugName      string
	Sig           string
	Quantity      int
	Refills       int
	PharmacyNCPDP string
	TraceID       string
}

func (r SubmitRequest) validate() error {
	switch {
	case r.LineNo <= 0:
		return fmt.Errorf("line_no must be positive: %w", domain.ErrInvalidArgument)
	case len(r.NDC) != 11:
		return fmt.Errorf("ndc must be 11 digits: %w", domain.ErrInvalidArgument)
	case r.Quantity <= 0 || r.Refills < 0 || r.Refills > 11:
		return fmt.Errorf("quantity/refills out of range: %w", domain.ErrInvalidArgument)
	case r.PharmacyNCPDP == "":
		return fmt.Errorf("pharmacy is required: %w", domain.ErrInvalidArgument)
	}
	return nil
}

// Submit records the prescription line and transmits it to the pharmacy.
func (s *Service) Submit(ctx context.Context, req SubmitRequest) (*domain.Prescription, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}
	appt, err := s.appts.Get(ctx, req.AppointmentID)
	if err != nil {
		return nil, err
	}
	if appt.ClinicianID != req.PrescriberID {
		return nil, fmt.Errorf("prescriber is not the visit clinician: %w", domain.ErrInvalidArgument)
	}
	rx, err := s.store.Ensure(ctx, &domain.Prescription{
		ID:            ids.NewUUID(),
		AppointmentID: req.AppointmentID,
		LineNo:        req.LineNo,
		PrescriberID:  req.PrescriberID,
		PatientID:     appt.PatientID,
		NDC:           req.NDC,
		DrugName:      req.DrugName,
		Sig:           req.Sig,
		Quantity:      req.Quantity,
		Refills:       req.Refills,
		PharmacyNCPDP: req.PharmacyNCPDP,
	})
	if err != nil {
		return nil, err
	}
	if rx.Status != domain.RxDraft {
		return rx, nil
	}

	order, err := s.buildOrder(ctx, rx)
	if err != nil {
		return nil, err
	}
	ack, err := s.erx.Submit(ctx, order,
		pharmacy.WithIdempotencyKey(ids.Short()),
		pharmacy.WithTraceID(req.TraceID),
	)
	if err != nil {
		return nil, fmt.Errorf("transmit NewRx: %w", err)
	}
	if err := s.store.MarkSubmitted(ctx, rx.ID, ack.OrderID); err != nil {
		return nil, err
	}
	rx.Status, rx.PartnerOrderID = domain.RxSubmitted, &ack.OrderID
	return rx, nil
}

func (s *Service) buildOrder(ctx context.Context, rx *domain.Prescription) (pharmacy.Order, error) {
	clin, err := s.people.Clinician(ctx, rx.PrescriberID)
	if err != nil {
		return pharmacy.Order{}, err
	}
	pat, err := s.people.Patient(ctx, rx.PatientID)
	if err != nil {
		return pharmacy.Order{}, err
	}
	o := pharmacy.Order{
		PrescriberNPI: clin.NPI,
		PatientRef:    pat.ID.String(),
		PatientName:   pat.FullName,
		PharmacyNCPDP: rx.PharmacyNCPDP,
		NDC:           rx.NDC,
		DrugName:      rx.DrugName,
		Sig:           rx.Sig,
		Quantity:      rx.Quantity,
		Refills:       rx.Refills,
		WrittenOn:     time.Now().UTC().Format("2006-01-02"),
		ClientRef:     rx.ID.String(),
	}
	if clin.DEANumber != nil {
		o.PrescriberDEA = *clin.DEANumber
	}
	return o, nil
}

// RenewRequest authorises additional fills of a prescription.
type RenewRequest struct {
	PrescriptionID uuid.UUID
	Seq            int
	Quantity       int
	ClinicianID    uuid.UUID
	Note           string
}

// Renew records renewal Seq and sends it to the pharmacy.
func (s *Service) Renew(ctx context.Context, req RenewRequest) (*domain.PrescriptionRenewal, error) {
	if req.Seq <= 0 || req.Quantity <= 0 {
		return nil, domain.ErrInvalidArgument
	}
	rx, err := s.store.Get(ctx, req.PrescriptionID)
	if err != nil {
		return nil, err
	}
	if rx.PartnerOrderID == nil || rx.Status == domain.RxCancelled {
		return nil, fmt.Errorf("prescription %s is %s: %w", rx.ID, rx.Status, domain.ErrInvalidState)
	}
	clin, err := s.people.Clinician(ctx, req.ClinicianID)
	if err != nil {
		return nil, err
	}
	rn, err := s.store.EnsureRenewal(ctx, &domain.PrescriptionRenewal{
		ID:             ids.NewUUID(),
		PrescriptionID: rx.ID,
		Seq:            req.Seq,
		Quantity:       req.Quantity,
		RequestedBy:    clin.ID,
	})
	if err != nil {
		return nil, err
	}
	if rn.Status == "sent" {
		return rn, nil
	}
	ack, err := s.erx.Renew(ctx, *rx.PartnerOrderID, pharmacy.Renewal{
		Quantity:      rn.Quantity,
		PrescriberNPI: clin.NPI,
		Note:          req.Note,
	})
	if err != nil {
		return nil, fmt.Errorf("transmit RxRenewal: %w", err)
	}
	if err := s.store.MarkRenewalSent(ctx, rn.ID, ack.RenewalID); err != nil {
		return nil, err
	}
	rn.Status, rn.PartnerRenewalID = "sent", &ack.RenewalID
	return rn, nil
}

// Cancel withdraws a prescription at the pharmacy.
func (s *Service) Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Prescription, error) {
	rx, err := s.store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch rx.Status {
	case domain.RxCancelled:
		return rx, nil
	case domain.RxFilled:
		return nil, fmt.Errorf("prescription already filled: %w", domain.ErrInvalidState)
	}
	if rx.PartnerOrderID != nil {
		key := strings.ReplaceAll(ids.NameBased("rx-cancel", rx.ID.String()).String(), "-", "")
		if err := s.erx.Cancel(ctx, *rx.PartnerOrderID, reason, pharmacy.WithIdempotencyKey(key)); err != nil {
			return nil, fmt.Errorf("transmit CancelRx: %w", err)
		}
	}
	if err := s.store.MarkCancelled(ctx, rx.ID); err != nil {
		return nil, err
	}
	rx.Status = domain.RxCancelled
	return rx, nil
}
