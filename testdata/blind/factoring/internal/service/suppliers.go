package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/provider/bureau"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// Suppliers is the supplier onboarding use case.
type Suppliers interface {
	Onboard(ctx context.Context, cmd OnboardSupplierCmd) (*domain.Supplier, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Supplier, error)
	RefreshCredit(ctx context.Context, supplierID uuid.UUID, requestedBy string) (*domain.CreditCheck, error)
}

type OnboardSupplierCmd struct {
	RegistrationNumber string
	Country            string
	LegalName          string
	ContactEmail       string
	PayoutIBAN         string
	PayoutAccountName  string
}

func (c OnboardSupplierCmd) validate() error {
	var missing []string
	if c.RegistrationNumber == "" {
		missing = append(missing, "registration_number")
	}
	if len(c.Country) != 2 {
		missing = append(missing, "country")
	}
	if c.LegalName == "" {
		missing = append(missing, "legal_name")
	}
	if c.PayoutIBAN == "" {
		missing = append(missing, "payout_iban")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s", ErrValidation, strings.Join(missing, ", "))
	}
	return nil
}

type SupplierService struct {
	store  repo.Store
	bureau CreditBureau
	scorer *CreditPolicy
	clock  Clock
	log    *slog.Logger
}

func NewSupplierService(store repo.Store, b CreditBureau, scorer *CreditPolicy, clock Clock, log *slog.Logger) *SupplierService {
	return &SupplierService{store: store, bureau: b, scorer: scorer, clock: clock, log: log.With("svc", "suppliers")}
}

// Onboard registers a supplier keyed by its company registration. Repeating
// the call returns the supplier registered first.
func (s *SupplierService) Onboard(ctx context.Context, cmd OnboardSupplierCmd) (*domain.Supplier, bool, error) {
	if err := cmd.validate(); err != nil {
		return nil, false, err
	}
	now := s.clock.Now()
	sup := &domain.Supplier{
		ID:                 uuid.New(),
		RegistrationNumber: strings.ToUpper(strings.ReplaceAll(cmd.RegistrationNumber, " ", "")),
		Country:            strings.ToUpper(cmd.Country),
		LegalName:          cmd.LegalName,
		ContactEmail:       cmd.ContactEmail,
		PayoutIBAN:         strings.ReplaceAll(cmd.PayoutIBAN, " ", ""),
		PayoutAccountName:  cmd.PayoutAccountName,
		Status:             "pending",
		CreatedAt:          now,
		UpdatedAt:          now,
	}
	var created bool
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		var err error
		created, err = tx.Suppliers().CreateIfAbsent(ctx, sup)
		if err != nil {
			return err
		}
		if !created {
			existing, err := tx.Suppliers().GetByRegistration(ctx, sup.Country, sup.RegistrationNumber)
			if err != nil {
				return err
			}
			sup = existing
			return nil
		}
		check, err := tx.CreditChecks().CreateIfAbsent(ctx, &domain.CreditCheck{
			ID:          uuid.New(),
			SubjectType: "supplier",
			SubjectID:   sup.ID,
			TriggerRef:  "onboarding",
			Status:      "pending",
			CreatedAt:   now,
		})
		if err != nil {
			return err
		}
		_, err = tasks.Enqueue(ctx, tx.Tasks(), tasks.CreditCheck{CheckID: check.ID})
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return sup, created, nil
}

func (s *SupplierService) Get(ctx context.Context, id uuid.UUID) (*domain.Supplier, error) {
	return s.store.Suppliers().Get(ctx, id)
}

// RefreshCredit pulls a fresh bureau report for the supplier on request of a
// credit analyst and applies the resulting limit.
func (s *SupplierService) RefreshCredit(ctx context.Context, supplierID uuid.UUID, requestedBy string) (*domain.CreditCheck, error) {
	sup, err := s.store.Suppliers().Get(ctx, supplierID)
	if err != nil {
		return nil, err
	}
	report, err := s.bureau.PullReport(ctx, bureau.ReportRequest{
		Country:            sup.Country,
		RegistrationNumber: sup.RegistrationNumber,
		Product:            "commercial_plus",
	})
	if err != nil {
		return nil, err
	}
	decision := s.scorer.Decide(report)
	now := s.clock.Now()
	limit := decision.LimitMinor
	check := &domain.CreditCheck{
		ID:          uuid.New(),
		SubjectType: "supplier",
		SubjectID:   sup.ID,
		TriggerRef:  "refresh:" + requestedBy + ":" + now.Format(time.RFC3339Nano),
		Status:      "completed",
		Score:       &report.Score,
		LimitMinor:  &limit,
		BureauRef:   report.ReportID,
		CreatedAt:   now,
		CompletedAt: &now,
	}
	err = s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.CreditChecks().Create(ctx, check); err != nil {
			return err
		}
		return tx.Suppliers().SetCreditDecision(ctx, sup.ID, decision.Status, decision.LimitMinor)
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "supplier credit refreshed", "supplier", sup.ID, "score", report.Score, "limit", limit)
	return check, nil
}

// CreditPolicy turns a bureau report into a credit decision.
type CreditPolicy struct {
	MinScore     int
	MaxLimit     int64
	LimitHaircut int // percent of the bureau's recommended limit we grant
}

func NewCreditPolicy() *CreditPolicy {
	return &CreditPolicy{MinScore: 45, MaxLimit: 50_000_000, LimitHaircut: 60}
}

type CreditDecision struct {
	Status     string
	LimitMinor int64
}

func (p *CreditPolicy) Decide(r *bureau.Report) CreditDecision {
	if r.Insolvency || r.Score < p.MinScore {
		return CreditDecision{Status: "declined"}
	}
	limit := r.RecommendedLimit * int64(p.LimitHaircut) / 100
	if limit > p.MaxLimit {
		limit = p.MaxLimit
	}
	return CreditDecision{Status: "approved", LimitMinor: limit}
}

// CreditChecks runs queued credit checks.
type CreditChecks interface {
	QueueDebtorCheck(ctx context.Context, invoiceID, debtorID uuid.UUID) error
	Run(ctx context.Context, checkID uuid.UUID) error
}

type CreditService struct {
	store  repo.Store
	bureau CreditBureau
	policy *CreditPolicy
	clock  Clock
}

func NewCreditService(store repo.Store, b CreditBureau, policy *CreditPolicy, clock Clock) *CreditService {
	return &CreditService{store: store, bureau: b, policy: policy, clock: clock}
}

// QueueDebtorCheck registers a check of the debtor for a newly uploaded
// invoice and queues it for the worker.
func (s *CreditService) QueueDebtorCheck(ctx context.Context, invoiceID, debtorID uuid.UUID) error {
	return s.store.InTx(ctx, func(tx repo.Store) error {
		check, err := tx.CreditChecks().CreateIfAbsent(ctx, &domain.CreditCheck{
			ID:          uuid.New(),
			SubjectType: "debtor",
			SubjectID:   debtorID,
			TriggerRef:  "invoice:" + invoiceID.String(),
			Status:      "pending",
			CreatedAt:   s.clock.Now(),
		})
		if err != nil {
			return err
		}
		_, err = tasks.Enqueue(ctx, tx.Tasks(), tasks.CreditCheck{CheckID: check.ID})
		return err
	})
}

// Run pulls the bureau report for a registered check.
func (s *CreditService) Run(ctx context.Context, checkID uuid.UUID) error {
	check, err := s.store.CreditChecks().Get(ctx, checkID)
	if err != nil {
		return err
	}
	if check.Status == "completed" {
		return nil
	}
	country, number, err := s.subjectRegistration(ctx, check)
	if err != nil {
		return err
	}
	report, err := s.bureau.PullReport(ctx, bureau.ReportRequest{
		ClientReference:    check.ID.String(),
		Country:            country,
		RegistrationNumber: number,
	})
	if err != nil {
		return err
	}
	decision := s.policy.Decide(report)
	return s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.CreditChecks().Complete(ctx, check.ID, report.Score, decision.LimitMinor, report.ReportID); err != nil {
			return err
		}
		if check.SubjectType == "supplier" {
			return tx.Suppliers().SetCreditDecision(ctx, check.SubjectID, decision.Status, decision.LimitMinor)
		}
		return nil
	})
}

func (s *CreditService) subjectRegistration(ctx context.Context, c *domain.CreditCheck) (string, string, error) {
	switch c.SubjectType {
	case "supplier":
		sup, err := s.store.Suppliers().Get(ctx, c.SubjectID)
		if err != nil {
			return "", "", err
		}
		return sup.Country, sup.RegistrationNumber, nil
	case "debtor":
		d, err := s.store.Debtors().Get(ctx, c.SubjectID)
		if err != nil {
			return "", "", err
		}
		return d.Country, d.RegistrationNumber, nil
	}
	return "", "", errors.New("credit: unknown subject type " + c.SubjectType)
}
