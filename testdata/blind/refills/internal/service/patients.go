package service

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/payments"
	"github.com/scriptline/refills/internal/store"
)

type PatientService interface {
	Register(ctx context.Context, in RegisterPatientInput) (*domain.Patient, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Patient, error)
	AddPaymentMethod(ctx context.Context, patientID uuid.UUID, paymentMethodID string) error
	IssueCredit(ctx context.Context, in IssueCreditInput) (*domain.AccountCredit, error)
	SetReminderPreference(ctx context.Context, in ReminderPreferenceInput) (*domain.ReminderPreference, error)
}

type RegisterPatientInput struct {
	MRN         string
	FirstName   string
	LastName    string
	DateOfBirth time.Time
	Email       string
	Phone       string
	ShipTo      domain.Address
	Coverage    domain.Coverage
}

func (in RegisterPatientInput) validate() error {
	var problems []string
	if strings.TrimSpace(in.MRN) == "" {
		problems = append(problems, "mrn is required")
	}
	if in.FirstName == "" || in.LastName == "" {
		problems = append(problems, "first and last name are required")
	}
	if in.DateOfBirth.IsZero() || in.DateOfBirth.After(time.Now()) {
		problems = append(problems, "date_of_birth is invalid")
	}
	if _, err := mail.ParseAddress(in.Email); err != nil {
		problems = append(problems, "email is invalid")
	}
	if in.ShipTo.Empty() {
		problems = append(problems, "shipping address is required")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", domain.ErrInvalid, strings.Join(problems, "; "))
	}
	return nil
}

type IssueCreditInput struct {
	PatientID   uuid.UUID
	AmountCents int64
	Reason      string
	IssuedBy    string
}

type ReminderPreferenceInput struct {
	PatientID      uuid.UUID
	PrescriptionID uuid.UUID
	Enabled        bool
	DaysBefore     int
}

type PatientServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	prefs         ReminderPreferenceRepository
	credits       CreditRepository
	ledger        LedgerRepository
	gateway       PaymentGateway
	uow           store.UnitOfWork
	pharmacyID    string
	newID         ids.UUIDFunc
	now           Clock
	log           *slog.Logger
}

func NewPatientService(
	patients PatientRepository,
	prescriptions PrescriptionRepository,
	prefs ReminderPreferenceRepository,
	credits CreditRepository,
	ledger LedgerRepository,
	gateway PaymentGateway,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *PatientServiceImpl {
	return &PatientServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		prefs:         prefs,
		credits:       credits,
		ledger:        ledger,
		gateway:       gateway,
		uow:           uow,
		pharmacyID:    settings.PharmacyID,
		newID:         ids.NewUUID,
		now:           time.Now,
		log:           log.With("service", "patients"),
	}
}

// Register creates the patient record from the intake form. The MRN is the
// pharmacy system's chart number and is unique per pharmacy.
func (s *PatientServiceImpl) Register(ctx context.Context, in RegisterPatientInput) (*domain.Patient, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	now := s.now().UTC()
	p := &domain.Patient{
		ID:          s.newID(),
		PharmacyID:  s.pharmacyID,
		MRN:         strings.ToUpper(strings.TrimSpace(in.MRN)),
		FirstName:   in.FirstName,
		LastName:    in.LastName,
		DateOfBirth: in.DateOfBirth,
		Email:       strings.ToLower(in.Email),
		ShipTo:      in.ShipTo,
		Coverage:    in.Coverage,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if in.Phone != "" {
		p.Phone = &in.Phone
	}
	if err := s.patients.Create(ctx, p); err != nil {
		return nil, fmt.Errorf("register patient %s: %w", p.MRN, err)
	}
	s.log.InfoContext(ctx, "patient registered", "patient_id", p.ID)
	return p, nil
}

func (s *PatientServiceImpl) Get(ctx context.Context, id uuid.UUID) (*domain.Patient, error) {
	return s.patients.Get(ctx, id)
}

// AddPaymentMethod saves a card the patient entered in Stripe Elements and
// makes it the default for copays. The Stripe customer is created the first
// time a patient saves a card.
func (s *PatientServiceImpl) AddPaymentMethod(ctx context.Context, patientID uuid.UUID, paymentMethodID string) error {
	if !strings.HasPrefix(paymentMethodID, "pm_") {
		return fmt.Errorf("%w: payment_method_id must be a Stripe PaymentMethod id", domain.ErrInvalid)
	}
	p, err := s.patients.Get(ctx, patientID)
	if err != nil {
		return err
	}
	customerID := deref(p.StripeCustomerID)
	if customerID == "" {
		customerID, err = s.gateway.CreateCustomer(ctx, payments.CustomerInput{
			PatientID: p.ID.String(),
			Email:     p.Email,
			Name:      p.FullName(),
			Phone:     deref(p.Phone),
		})
		if err != nil {
			return err
		}
		if err := s.patients.SetStripeCustomer(ctx, p.ID, customerID); err != nil {
			return fmt.Errorf("save stripe customer for %s: %w", p.ID, err)
		}
	}
	if err := s.gateway.AttachPaymentMethod(ctx, paymentMethodID, customerID); err != nil {
		return err
	}
	return s.patients.SetDefaultPaymentMethod(ctx, p.ID, paymentMethodID)
}

// IssueCredit records a goodwill credit against the patient's balance, e.g.
// after a late or damaged delivery.
func (s *PatientServiceImpl) IssueCredit(ctx context.Context, in IssueCreditInput) (*domain.AccountCredit, error) {
	if in.AmountCents <= 0 || in.AmountCents > 50_000 {
		return nil, fmt.Errorf("%w: credit must be between $0.01 and $500", domain.ErrInvalid)
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, fmt.Errorf("%w: reason is required", domain.ErrInvalid)
	}
	credit := &domain.AccountCredit{
		ID:          s.newID(),
		PatientID:   in.PatientID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		IssuedBy:    in.IssuedBy,
		CreatedAt:   s.now().UTC(),
	}
	err := s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if _, err := s.patients.Get(ctx, in.PatientID); err != nil {
			return err
		}
		if err := s.credits.Create(ctx, credit); err != nil {
			return err
		}
		return s.ledger.Create(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			PatientID:   in.PatientID,
			Kind:        "credit",
			AmountCents: -in.AmountCents,
			ExternalRef: "credit:" + credit.ID.String(),
			CreatedAt:   credit.CreatedAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return credit, nil
}

// SetReminderPreference replaces the patient's reminder setting for one
// prescription.
func (s *PatientServiceImpl) SetReminderPreference(ctx context.Context, in ReminderPreferenceInput) (*domain.ReminderPreference, error) {
	if in.DaysBefore < 1 || in.DaysBefore > 21 {
		return nil, fmt.Errorf("%w: days_before must be between 1 and 21", domain.ErrInvalid)
	}
	rx, err := s.prescriptions.Get(ctx, in.PrescriptionID)
	if err != nil {
		return nil, err
	}
	if rx.PatientID != in.PatientID {
		return nil, domain.ErrNotFound
	}
	pref := &domain.ReminderPreference{
		PrescriptionID: rx.ID,
		PatientID:      rx.PatientID,
		Enabled:        in.Enabled,
		DaysBefore:     in.DaysBefore,
		UpdatedAt:      s.now().UTC(),
	}
	if err := s.prefs.Put(ctx, pref); err != nil {
		return nil, err
	}
	return pref, nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
