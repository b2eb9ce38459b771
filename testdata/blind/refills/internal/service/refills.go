package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/payments"
	"github.com/scriptline/refills/internal/pbm"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/tasks"
)

type RefillService interface {
	Request(ctx context.Context, in RequestRefillInput) (*domain.RefillRequest, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.RefillRequest, error)
	CheckEligibility(ctx context.Context, refillID uuid.UUID) (*domain.EligibilityCheck, error)
	Verify(ctx context.Context, in VerifyInput) error
	Cancel(ctx context.Context, in CancelInput) error
	RequestPriorAuth(ctx context.Context, in PriorAuthInput) (*domain.PriorAuthorization, error)
	AutoRefillScan(ctx context.Context, asOf time.Time) (int, error)
}

type RequestRefillInput struct {
	PatientID      uuid.UUID
	PrescriptionID uuid.UUID
	ShipTo         *domain.Address
	IdempotencyKey string
	RequestHash    string
}

type VerifyInput struct {
	RefillID     uuid.UUID
	PharmacistID string
	Approve      bool
	Notes        string
}

type CancelInput struct {
	RefillID uuid.UUID
	Reason   string
	Actor    string
}

type PriorAuthInput struct {
	RefillID       uuid.UUID
	DiagnosisCodes []string
	Justification  string
	SubmittedBy    string
}

const scopeRefillRequest = "refill_request"

type RefillServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	refills       RefillRepository
	verifications VerificationRepository
	eligibility   EligibilityRepository
	idem          IdempotencyRepository
	claims        ClaimRepository
	priorAuths    PriorAuthRepository
	payments      PaymentRepository
	refunds       RefundRepository
	ledger        LedgerRepository
	shipments     ShipmentRepository
	pbm           PBM
	gateway       PaymentGateway
	queue         queue.Enqueuer
	uow           store.UnitOfWork
	settings      Settings
	newID         ids.UUIDFunc
	newXID        ids.XIDFunc
	now           Clock
	log           *slog.Logger
}

func NewRefillService(
	patients PatientRepository,
	prescriptions PrescriptionRepository,
	refills RefillRepository,
	verifications VerificationRepository,
	eligibility EligibilityRepository,
	idem IdempotencyRepository,
	claims ClaimRepository,
	priorAuths PriorAuthRepository,
	paymentRepo PaymentRepository,
	refunds RefundRepository,
	ledger LedgerRepository,
	shipments ShipmentRepository,
	pbmClient PBM,
	gateway PaymentGateway,
	q queue.Enqueuer,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *RefillServiceImpl {
	return &RefillServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		refills:       refills,
		verifications: verifications,
		eligibility:   eligibility,
		idem:          idem,
		claims:        claims,
		priorAuths:    priorAuths,
		payments:      paymentRepo,
		refunds:       refunds,
		ledger:        ledger,
		shipments:     shipments,
		pbm:           pbmClient,
		gateway:       gateway,
		queue:         q,
		uow:           uow,
		settings:      settings,
		newID:         ids.NewUUID,
		newXID:        ids.NewXID,
		now:           time.Now,
		log:           log.With("service", "refills"),
	}
}

var openRefillStatuses = []domain.RefillStatus{
	domain.RefillPendingVerification, domain.RefillVerified, domain.RefillAdjudicating,
	domain.RefillNeedsPriorAuth, domain.RefillPriorAuthPending, domain.RefillAwaitingPayment,
	domain.RefillPaymentFailed, domain.RefillReadyToShip,
}

// Request creates a refill for a patient. The API requires an
// Idempotency-Key; the key is claimed in the same transaction that creates
// the refill, so a repeated request returns the refill created the first time.
func (s *RefillServiceImpl) Request(ctx context.Context, in RequestRefillInput) (*domain.RefillRequest, error) {
	if in.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key is required", domain.ErrInvalid)
	}
	var out *domain.RefillRequest
	err := s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		claimed, rec, err := s.idem.Claim(ctx, scopeRefillRequest, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.ResourceID == nil {
				return fmt.Errorf("%w: a request with this key is still in progress", domain.ErrConflict)
			}
			out, err = s.refills.Get(ctx, *rec.ResourceID)
			return err
		}

		rx, err := s.prescriptions.GetForUpdate(ctx, in.PrescriptionID)
		if err != nil {
			return err
		}
		if rx.PatientID != in.PatientID {
			return domain.ErrNotFound
		}
		if !rx.ExpiresOn.After(s.now()) {
			return domain.ErrPrescriptionExpired
		}
		if rx.RefillsRemaining() <= 0 {
			return domain.ErrNoRefillsRemaining
		}
		open, err := s.refills.Exists(ctx, "prescription_id = ? AND status IN ?", rx.ID, openRefillStatuses)
		if err != nil {
			return err
		}
		if open {
			return fmt.Errorf("%w: a refill for this prescription is already in progress", domain.ErrConflict)
		}
		patient, err := s.patients.Get(ctx, in.PatientID)
		if err != nil {
			return err
		}
		shipTo := patient.ShipTo
		if in.ShipTo != nil && !in.ShipTo.Empty() {
			shipTo = *in.ShipTo
		}
		now := s.now().UTC()
		r := &domain.RefillRequest{
			ID:             s.newID(),
			PrescriptionID: rx.ID,
			PatientID:      patient.ID,
			FillNumber:     rx.FillsUsed,
			Status:         domain.RefillPendingVerification,
			Source:         domain.SourcePatient,
			ShipTo:         shipTo,
			CreatedAt:      now,
			UpdatedAt:      now,
		}
		if err := s.refills.Create(ctx, r); err != nil {
			return err
		}
		if err := s.prescriptions.RecordFill(ctx, rx.ID, r.FillNumber); err != nil {
			return err
		}
		out = r
		return s.idem.Complete(ctx, scopeRefillRequest, in.IdempotencyKey, r.ID.String(), http.StatusCreated)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *RefillServiceImpl) Get(ctx context.Context, id uuid.UUID) (*domain.RefillRequest, error) {
	return s.refills.Get(ctx, id)
}

// CheckEligibility runs an E1 against the PBM and keeps the response with
// the refill for the pharmacist's review. Each check is logged.
func (s *RefillServiceImpl) CheckEligibility(ctx context.Context, refillID uuid.UUID) (*domain.EligibilityCheck, error) {
	r, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return nil, err
	}
	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return nil, err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return nil, err
	}
	if patient.Coverage.MemberID == "" {
		return nil, fmt.Errorf("%w: patient has no pharmacy benefit on file", domain.ErrInvalid)
	}
	resp, err := s.pbm.CheckEligibility(ctx, pbm.EligibilityRequest{
		BIN:         patient.Coverage.BIN,
		PCN:         patient.Coverage.PCN,
		Group:       patient.Coverage.Group,
		MemberID:    patient.Coverage.MemberID,
		DateOfBirth: patient.DateOfBirth.Format(time.DateOnly),
		NDC:         rx.NDC,
		ServiceDate: s.now().Format(time.DateOnly),
	})
	if err != nil {
		return nil, err
	}
	raw, _ := json.Marshal(resp)
	check := &domain.EligibilityCheck{
		ID:           s.newXID(),
		RefillID:     r.ID,
		PatientID:    patient.ID,
		BIN:          patient.Coverage.BIN,
		PCN:          patient.Coverage.PCN,
		GroupID:      patient.Coverage.Group,
		MemberID:     patient.Coverage.MemberID,
		Eligible:     resp.Eligible,
		PlanName:     resp.PlanName,
		CoverageCode: resp.CoverageCode,
		RawResponse:  raw,
		CheckedAt:    s.now().UTC(),
	}
	if err := s.eligibility.Create(ctx, check); err != nil {
		return nil, err
	}
	return check, nil
}

// Verify records the pharmacist's product and DUR review. An approved refill
// goes to claim adjudication.
func (s *RefillServiceImpl) Verify(ctx context.Context, in VerifyInput) error {
	r, err := s.refills.Get(ctx, in.RefillID)
	if err != nil {
		return err
	}
	if r.Status != domain.RefillPendingVerification {
		return domain.ErrWrongState
	}
	decision, next := "approved", domain.RefillVerified
	if !in.Approve {
		decision, next = "rejected", domain.RefillRejected
	}
	v := &domain.PharmacistVerification{
		ID:           s.newID(),
		RefillID:     r.ID,
		PharmacistID: in.PharmacistID,
		Decision:     decision,
		Notes:        in.Notes,
		VerifiedAt:   s.now().UTC(),
	}
	inserted, err := s.verifications.Record(ctx, v)
	if err != nil {
		return err
	}
	if !inserted {
		return domain.ErrAlreadyVerified
	}
	if err := s.refills.SetStatus(ctx, r.ID, next); err != nil {
		return fmt.Errorf("set refill %s to %s: %w", r.ID, next, err)
	}
	if next != domain.RefillVerified {
		return nil
	}
	return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
		return tasks.AdjudicateClaim(r.ID)
	})
}

// Cancel stops a refill that has not shipped. Any paid claim is reversed,
// the copay refunded and an unused label voided.
func (s *RefillServiceImpl) Cancel(ctx context.Context, in CancelInput) error {
	r, err := s.refills.Get(ctx, in.RefillID)
	if err != nil {
		return err
	}
	if r.Status == domain.RefillCancelled {
		return domain.ErrAlreadyCancelled
	}
	if !r.Status.Cancellable() {
		return domain.ErrNotCancellable
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		reason = "cancelled by " + in.Actor
	}

	// Take the refill out of the pipeline first so workers stop picking it up
	// while the money is unwound.
	if err := s.refills.MarkCancelled(ctx, r.ID, reason); err != nil {
		return err
	}

	claim, err := s.claims.FindByRefill(ctx, r.ID)
	switch {
	case err == nil && claim.Status == domain.ClaimPaid:
		if err := queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.ReverseClaim(claim.ID, "refill cancelled")
		}); err != nil {
			return err
		}
	case err != nil && !store.IsNotFound(err):
		return err
	}

	payment, err := s.payments.FindCopay(ctx, r.ID)
	switch {
	case err == nil && payment.Status == domain.PaymentSucceeded:
		if err := s.refundCopay(ctx, payment, reason); err != nil {
			return err
		}
	case err != nil && !store.IsNotFound(err):
		return err
	}

	sh, err := s.shipments.FindByRefill(ctx, r.ID)
	switch {
	case err == nil && sh.Status == domain.ShipmentLabelled:
		return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.VoidLabel(sh.ID)
		})
	case err != nil && !store.IsNotFound(err):
		return err
	}
	return nil
}

func (s *RefillServiceImpl) refundCopay(ctx context.Context, p *domain.Payment, reason string) error {
	amount := p.AmountCents - p.RefundedCents
	if amount <= 0 || p.StripePaymentIntentID == nil {
		return nil
	}
	refundID, err := s.gateway.Refund(ctx, payments.RefundInput{
		PaymentIntentID: *p.StripePaymentIntentID,
		AmountCents:     amount,
		Reason:          "requested_by_customer",
		IdempotencyKey:  ids.Derived("refund", p.ID.String(), "cancel"),
	})
	if err != nil {
		return err
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.refunds.Create(ctx, &domain.Refund{
			ID:             s.newID(),
			PaymentID:      p.ID,
			StripeRefundID: &refundID,
			AmountCents:    amount,
			Reason:         reason,
			CreatedAt:      s.now().UTC(),
		}); err != nil {
			return err
		}
		if err := s.payments.AddRefunded(ctx, p.ID, amount); err != nil {
			return err
		}
		return s.ledger.Create(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			PatientID:   p.PatientID,
			PaymentID:   &p.ID,
			Kind:        "refund",
			AmountCents: -amount,
			ExternalRef: refundID,
			CreatedAt:   s.now().UTC(),
		})
	})
}

// RequestPriorAuth opens a PA case with the plan after a claim rejected
// with code 75.
func (s *RefillServiceImpl) RequestPriorAuth(ctx context.Context, in PriorAuthInput) (*domain.PriorAuthorization, error) {
	if len(in.DiagnosisCodes) == 0 {
		return nil, fmt.Errorf("%w: at least one ICD-10 code is required", domain.ErrInvalid)
	}
	r, err := s.refills.Get(ctx, in.RefillID)
	if err != nil {
		return nil, err
	}
	if r.Status != domain.RefillNeedsPriorAuth {
		return nil, domain.ErrWrongState
	}
	claim, err := s.claims.FindByRefill(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return nil, err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return nil, err
	}
	resp, err := s.pbm.SubmitPriorAuth(ctx, pbm.PriorAuthRequest{
		MemberID:       patient.Coverage.MemberID,
		BIN:            patient.Coverage.BIN,
		PCN:            patient.Coverage.PCN,
		Group:          patient.Coverage.Group,
		NDC:            rx.NDC,
		PrescriberNPI:  rx.PrescriberNPI,
		DiagnosisCodes: in.DiagnosisCodes,
		Justification:  in.Justification,
		RejectedClaim:  claim.ClaimReference,
	})
	if err != nil {
		return nil, err
	}
	pa := &domain.PriorAuthorization{
		ID:             s.newID(),
		RefillID:       r.ID,
		ClaimID:        &claim.ID,
		PBMCaseID:      resp.CaseID,
		Status:         resp.Status,
		DiagnosisCodes: strings.Join(in.DiagnosisCodes, ","),
		SubmittedBy:    in.SubmittedBy,
		SubmittedAt:    s.now().UTC(),
	}
	err = s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.priorAuths.Create(ctx, pa); err != nil {
			return err
		}
		_, err := s.refills.Transition(ctx, r.ID, domain.RefillPriorAuthPending, domain.RefillNeedsPriorAuth)
		return err
	})
	if err != nil {
		return nil, err
	}
	return pa, nil
}

// AutoRefillScan creates the next refill for auto-refill prescriptions
// that run out soon. The (prescription, fill number) key makes a second run
// on the same day a no-op.
func (s *RefillServiceImpl) AutoRefillScan(ctx context.Context, asOf time.Time) (int, error) {
	lead := s.settings.AutoRefillLeadDays
	if lead <= 0 {
		lead = 7
	}
	due, err := s.prescriptions.DueBetween(ctx, asOf, asOf.AddDate(0, 0, lead), true)
	if err != nil {
		return 0, err
	}
	created := 0
	var errs []error
	for _, candidate := range due {
		err := s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
			rx, err := s.prescriptions.GetForUpdate(ctx, candidate.ID)
			if err != nil {
				return err
			}
			if rx.RefillsRemaining() <= 0 || !rx.ExpiresOn.After(asOf) {
				return nil
			}
			open, err := s.refills.Exists(ctx, "prescription_id = ? AND status IN ?", rx.ID, openRefillStatuses)
			if err != nil || open {
				return err
			}
			patient, err := s.patients.Get(ctx, rx.PatientID)
			if err != nil {
				return err
			}
			now := s.now().UTC()
			r := &domain.RefillRequest{
				ID:             s.newID(),
				PrescriptionID: rx.ID,
				PatientID:      rx.PatientID,
				FillNumber:     rx.FillsUsed,
				Status:         domain.RefillPendingVerification,
				Source:         domain.SourceAutoRefill,
				ShipTo:         patient.ShipTo,
				CreatedAt:      now,
				UpdatedAt:      now,
			}
			inserted, err := s.refills.CreateIgnoreConflict(ctx, r, "prescription_id", "fill_number")
			if err != nil || !inserted {
				return err
			}
			if err := s.prescriptions.RecordFill(ctx, rx.ID, r.FillNumber); err != nil {
				return err
			}
			created++
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("auto-refill %s: %w", candidate.ID, err))
		}
	}
	return created, errors.Join(errs...)
}
