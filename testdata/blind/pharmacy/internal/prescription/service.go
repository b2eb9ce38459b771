// Package prescription handles prescriptions sent to us by clinics.
package prescription

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// ErrNotFound is returned when the clinic references an unknown prescription.
var ErrNotFound = errors.New("prescription not found")

// PatientInfo is the demographic block of an incoming prescription.
type PatientInfo struct {
	MRN         string
	FirstName   string
	LastName    string
	DateOfBirth time.Time
	Phone       string
	Email       string
	Address     Address
	MemberID    string
	BIN         string
	PCN         string
	Group       string
}

// Address is a patient's delivery address.
type Address struct {
	Line1  string
	City   string
	Postal string
}

// IntakeRequest is a new prescription from a clinic's EHR.
type IntakeRequest struct {
	ExternalRxID  string
	Patient       PatientInfo
	PrescriberNPI string
	NDC           string
	DrugName      string
	Sig           string
	Quantity      int32
	DaysSupply    int32
	Refills       int32
	WrittenAt     time.Time
}

// IntakeResult reports what Intake did.
type IntakeResult struct {
	PrescriptionID uuid.UUID
	Duplicate      bool
}

// CancelResult reports what CancelFromClinic did.
type CancelResult struct {
	PrescriptionID   uuid.UUID
	AlreadyCancelled bool
	OrdersVoided     int
}

// Service implements prescription intake and lifecycle.
type Service struct {
	store store.Store
	jobs  tasks.Inserter
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter) *Service {
	return &Service{store: st, jobs: jobs}
}

// Intake records a prescription. Clinics resend on any non-2xx or timeout;
// (clinic_id, external_rx_id) identifies the prescription, so a resend lands
// on the existing row.
func (s *Service) Intake(ctx context.Context, clinicID string, in IntakeRequest) (IntakeResult, error) {
	var res IntakeResult
	err := s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		patientID, err := q.UpsertPatientFromIntake(ctx, db.UpsertPatientFromIntakeParams{
			ID:            uuid.New(),
			ClinicID:      clinicID,
			Mrn:           in.Patient.MRN,
			FirstName:     in.Patient.FirstName,
			LastName:      in.Patient.LastName,
			DateOfBirth:   store.Date(in.Patient.DateOfBirth),
			PhoneE164:     in.Patient.Phone,
			Email:         store.Text(in.Patient.Email),
			AddressLine1:  store.Text(in.Patient.Address.Line1),
			AddressCity:   store.Text(in.Patient.Address.City),
			AddressPostal: store.Text(in.Patient.Address.Postal),
			PbmMemberID:   store.Text(in.Patient.MemberID),
			PbmBin:        store.Text(in.Patient.BIN),
			PbmPcn:        store.Text(in.Patient.PCN),
			PbmGroup:      store.Text(in.Patient.Group),
		})
		if err != nil {
			return fmt.Errorf("upsert patient: %w", err)
		}

		rxID, err := q.InsertPrescription(ctx, db.InsertPrescriptionParams{
			ID:                uuid.New(),
			ClinicID:          clinicID,
			ExternalRxID:      in.ExternalRxID,
			PatientID:         patientID,
			PrescriberNpi:     in.PrescriberNPI,
			Ndc:               in.NDC,
			DrugName:          in.DrugName,
			Sig:               in.Sig,
			Quantity:          in.Quantity,
			DaysSupply:        in.DaysSupply,
			RefillsAuthorized: in.Refills,
			WrittenAt:         store.Date(in.WrittenAt),
		})
		if store.IsNotFound(err) {
			existing, err := q.GetPrescriptionByExternalID(ctx, db.GetPrescriptionByExternalIDParams{
				ClinicID:     clinicID,
				ExternalRxID: in.ExternalRxID,
			})
			if err != nil {
				return fmt.Errorf("load existing prescription: %w", err)
			}
			res = IntakeResult{PrescriptionID: existing.ID, Duplicate: true}
			return nil
		}
		if err != nil {
			return fmt.Errorf("insert prescription: %w", err)
		}

		if _, err := s.jobs.InsertTx(ctx, tx, tasks.VerifyPrescriptionArgs{PrescriptionID: rxID}, nil); err != nil {
			return fmt.Errorf("enqueue verify: %w", err)
		}
		res = IntakeResult{PrescriptionID: rxID}
		return nil
	})
	return res, err
}

// CancelFromClinic handles a prescriber's cancellation (CancelRx). It stops
// the prescription, voids fills that haven't shipped and tells the patient.
func (s *Service) CancelFromClinic(ctx context.Context, clinicID, externalRxID, reason string) (CancelResult, error) {
	log := logx.From(ctx)

	rx, err := s.store.GetPrescriptionByExternalID(ctx, db.GetPrescriptionByExternalIDParams{
		ClinicID:     clinicID,
		ExternalRxID: externalRxID,
	})
	if store.IsNotFound(err) {
		return CancelResult{}, ErrNotFound
	}
	if err != nil {
		return CancelResult{}, err
	}
	res := CancelResult{PrescriptionID: rx.ID}
	if rx.Status == "cancelled" {
		res.AlreadyCancelled = true
		return res, nil
	}

	if err := s.store.CancelPrescription(ctx, db.CancelPrescriptionParams{ID: rx.ID, CancelReason: store.Text(reason)}); err != nil {
		return res, fmt.Errorf("cancel prescription: %w", err)
	}

	open, err := s.store.ListOpenOrdersForPrescription(ctx, rx.ID)
	if err != nil {
		return res, fmt.Errorf("list open orders: %w", err)
	}
	for _, o := range open {
		if err := s.voidOrder(ctx, o, reason); err != nil {
			return res, fmt.Errorf("void order %s: %w", o.ID, err)
		}
		res.OrdersVoided++
	}

	patient, err := s.store.GetPatient(ctx, rx.PatientID)
	if err != nil {
		return res, fmt.Errorf("load patient: %w", err)
	}
	if patient.SmsOptIn {
		err = s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
			_, err := notify.QueueTx(ctx, q, tx, s.jobs, notify.Draft{
				PatientID: patient.ID,
				Template:  notify.TemplateRxCancelled,
				To:        patient.PhoneE164,
				Vars:      map[string]any{"Drug": rx.DrugName},
			})
			return err
		})
		if err != nil {
			return res, fmt.Errorf("queue cancellation sms: %w", err)
		}
	}
	log.Info("prescription cancelled by clinic", slog.String("rx", rx.ID.String()), slog.Int("orders_voided", res.OrdersVoided))
	return res, nil
}

func (s *Service) voidOrder(ctx context.Context, o db.Order, reason string) error {
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		if err := q.CancelOrder(ctx, db.CancelOrderParams{ID: o.ID, CancelReason: store.Text("prescriber_cancelled: " + reason)}); err != nil {
			return err
		}
		switch o.Status {
		case "packing", "ready_for_pickup", "awaiting_courier":
			if err := q.ReleaseStock(ctx, db.ReleaseStockParams{Ndc: o.Ndc, Quantity: o.Quantity}); err != nil {
				return err
			}
		}
		claim, err := q.GetClaimByOrder(ctx, o.ID)
		if err == nil && claim.Status == "paid" {
			if _, err := s.jobs.InsertTx(ctx, tx, tasks.ReverseClaimArgs{ClaimID: claim.ID, Reason: "prescriber_cancelled"}, nil); err != nil {
				return err
			}
		} else if err != nil && !store.IsNotFound(err) {
			return err
		}
		return nil
	})
}

// Verify runs the pharmacist pre-checks on a received prescription and
// opens fill #0. Run from the prescription.verify job.
func (s *Service) Verify(ctx context.Context, rxID uuid.UUID) error {
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		rx, err := q.GetPrescriptionForUpdate(ctx, rxID)
		if err != nil {
			return fmt.Errorf("load prescription: %w", err)
		}
		switch rx.Status {
		case "cancelled", "rejected":
			return nil
		}

		if !ValidNPI(rx.PrescriberNpi) {
			return q.MarkPrescriptionRejected(ctx, db.MarkPrescriptionRejectedParams{ID: rx.ID, CancelReason: store.Text("invalid prescriber NPI")})
		}
		item, err := q.GetInventoryItem(ctx, rx.Ndc)
		if store.IsNotFound(err) {
			return q.MarkPrescriptionRejected(ctx, db.MarkPrescriptionRejectedParams{ID: rx.ID, CancelReason: store.Text("NDC not stocked")})
		}
		if err != nil {
			return err
		}
		if _, err := q.MarkPrescriptionActive(ctx, rx.ID); err != nil {
			return err
		}

		order, err := q.InsertOrder(ctx, db.InsertOrderParams{
			ID:             ids.Derive("order", rx.ID.String(), "0"),
			PrescriptionID: rx.ID,
			PatientID:      rx.PatientID,
			FillNumber:     0,
			Ndc:            rx.Ndc,
			Quantity:       rx.Quantity,
			Fulfilment:     "delivery",
			PriceCents:     item.UnitCents * int64(rx.Quantity),
		})
		if store.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("open first fill: %w", err)
		}
		if _, err := s.jobs.InsertTx(ctx, tx, tasks.AdjudicateClaimArgs{OrderID: order.ID}, nil); err != nil {
			return fmt.Errorf("enqueue adjudication: %w", err)
		}
		return nil
	})
}

// ValidNPI applies the NPI check-digit rule (Luhn over "80840" + 9 digits).
func ValidNPI(npi string) bool {
	if len(npi) != 10 {
		return false
	}
	digits := "80840" + npi
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}
