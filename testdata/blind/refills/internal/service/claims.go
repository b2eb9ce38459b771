package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/pbm"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/tasks"
)

type ClaimService interface {
	Adjudicate(ctx context.Context, refillID uuid.UUID) error
	Reverse(ctx context.Context, claimID uuid.UUID, reason string) error
	PollSubmitted(ctx context.Context) (int, error)
	SyncRemittances(ctx context.Context) (int, error)
	ImportRemittance(ctx context.Context, batchID string) error
}

type ClaimServiceImpl struct {
	patients      PatientRepository
	prescriptions PrescriptionRepository
	refills       RefillRepository
	claims        ClaimRepository
	reversals     ClaimReversalRepository
	remittance    RemittanceRepository
	pbm           PBM
	queue         queue.Enqueuer
	uow           store.UnitOfWork
	settings      Settings
	newID         ids.UUIDFunc
	newXID        ids.XIDFunc
	now           Clock
	log           *slog.Logger
}

func NewClaimService(
	patients PatientRepository,
	prescriptions PrescriptionRepository,
	refills RefillRepository,
	claims ClaimRepository,
	reversals ClaimReversalRepository,
	remittance RemittanceRepository,
	pbmClient PBM,
	q queue.Enqueuer,
	uow store.UnitOfWork,
	settings Settings,
	log *slog.Logger,
) *ClaimServiceImpl {
	return &ClaimServiceImpl{
		patients:      patients,
		prescriptions: prescriptions,
		refills:       refills,
		claims:        claims,
		reversals:     reversals,
		remittance:    remittance,
		pbm:           pbmClient,
		queue:         q,
		uow:           uow,
		settings:      settings,
		newID:         ids.NewUUID,
		newXID:        ids.NewXID,
		now:           time.Now,
		log:           log.With("service", "claims"),
	}
}

// claimReference is the pharmacy's reference the PBM dedups on. It is
// generated once, stored with the claim and reused for every submission.
func claimReference(x string) string { return "SLR" + strings.ToUpper(x) }

// Adjudicate bills the refill's claim to the PBM and moves the refill on:
// to copay collection, straight to fulfilment for a $0 copay, to prior
// authorization, or to rejected.
func (s *ClaimServiceImpl) Adjudicate(ctx context.Context, refillID uuid.UUID) error {
	r, err := s.refills.Get(ctx, refillID)
	if err != nil {
		return err
	}
	if r.Status == domain.RefillCancelled {
		return nil
	}
	claim, err := s.claimFor(ctx, r)
	if err != nil {
		return err
	}
	if claim.Status.Final() {
		return s.advance(ctx, r.ID, claim)
	}

	patient, err := s.patients.Get(ctx, r.PatientID)
	if err != nil {
		return err
	}
	rx, err := s.prescriptions.Get(ctx, r.PrescriptionID)
	if err != nil {
		return err
	}
	if _, err := s.refills.Transition(ctx, r.ID, domain.RefillAdjudicating, domain.RefillVerified); err != nil {
		return err
	}
	submittedAt := s.now().UTC()
	resp, err := s.pbm.SubmitClaim(ctx, pbm.ClaimRequest{
		ClaimReference: claim.ClaimReference,
		BIN:            patient.Coverage.BIN,
		PCN:            patient.Coverage.PCN,
		Group:          patient.Coverage.Group,
		MemberID:       patient.Coverage.MemberID,
		DateOfBirth:    patient.DateOfBirth.Format(time.DateOnly),
		NDC:            rx.NDC,
		Quantity:       rx.Quantity,
		DaysSupply:     rx.DaysSupply,
		FillNumber:     r.FillNumber,
		PrescriberNPI:  rx.PrescriberNPI,
		RxNumber:       rx.ID.String(),
		DateOfService:  submittedAt.Format(time.DateOnly),
	})
	if err != nil {
		return fmt.Errorf("submit claim %s: %w", claim.ClaimReference, err)
	}
	applyClaimResponse(claim, resp, submittedAt)
	if err := s.recordOutcome(ctx, r.ID, claim, submittedAt); err != nil {
		return err
	}
	return s.advance(ctx, r.ID, claim)
}

// claimFor returns the refill's claim, creating the pending row first.
func (s *ClaimServiceImpl) claimFor(ctx context.Context, r *domain.RefillRequest) (*domain.Claim, error) {
	claim, err := s.claims.FindByRefill(ctx, r.ID)
	if err == nil || !store.IsNotFound(err) {
		return claim, err
	}
	now := s.now().UTC()
	claim = &domain.Claim{
		ID:             s.newID(),
		RefillID:       r.ID,
		ClaimReference: claimReference(s.newXID()),
		Status:         domain.ClaimPending,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	inserted, err := s.claims.CreateIntent(ctx, claim)
	if err != nil {
		return nil, err
	}
	if !inserted {
		return s.claims.FindByRefill(ctx, r.ID)
	}
	return claim, nil
}

func applyClaimResponse(c *domain.Claim, resp *pbm.ClaimResponse, at time.Time) {
	switch resp.Status {
	case "paid":
		c.Status = domain.ClaimPaid
	case "rejected":
		c.Status = domain.ClaimRejected
	default:
		c.Status = domain.ClaimSubmitted
	}
	if resp.PBMClaimID != "" {
		id := resp.PBMClaimID
		c.PBMClaimID = &id
	}
	c.IngredientCostCents = resp.IngredientCostCents
	c.DispensingFeeCents = resp.DispensingFeeCents
	c.CopayCents = resp.PatientPayCents
	c.PlanPaidCents = resp.PlanPaidCents
	c.RejectCodes = strings.Join(resp.RejectCodes, ",")
	if c.Status.Final() {
		t := at
		if parsed, err := time.Parse(time.RFC3339, resp.AdjudicatedAt); err == nil {
			t = parsed
		}
		c.AdjudicatedAt = &t
	}
}

func (s *ClaimServiceImpl) recordOutcome(ctx context.Context, refillID uuid.UUID, c *domain.Claim, submittedAt time.Time) error {
	return s.uow.Do(ctx, func(ctx context.Context, tx *gorm.DB) error {
		if c.SubmittedAt == nil {
			c.SubmittedAt = &submittedAt
			if err := tx.Model(&domain.Claim{}).Where("id = ? AND submitted_at IS NULL", c.ID).
				Update("submitted_at", submittedAt).Error; err != nil {
				return err
			}
		}
		if _, err := s.claims.ApplyResult(ctx, c); err != nil {
			return err
		}
		next, ok := refillStatusAfter(c)
		if !ok {
			return nil
		}
		_, err := s.refills.Transition(ctx, refillID, next, domain.RefillVerified, domain.RefillAdjudicating)
		return err
	})
}

func refillStatusAfter(c *domain.Claim) (domain.RefillStatus, bool) {
	switch c.Status {
	case domain.ClaimPaid:
		if c.CopayCents > 0 {
			return domain.RefillAwaitingPayment, true
		}
		return domain.RefillReadyToShip, true
	case domain.ClaimRejected:
		for _, code := range strings.Split(c.RejectCodes, ",") {
			if code == pbm.RejectPriorAuthRequired {
				return domain.RefillNeedsPriorAuth, true
			}
		}
		return domain.RefillRejected, true
	}
	return "", false
}

// advance queues the step after adjudication. The task IDs are derived from
// the refill, so calling advance again for the same claim is harmless.
func (s *ClaimServiceImpl) advance(ctx context.Context, refillID uuid.UUID, c *domain.Claim) error {
	if c.Status != domain.ClaimPaid {
		return nil
	}
	if c.CopayCents > 0 {
		return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.ChargeCopay(refillID)
		})
	}
	return queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
		return tasks.CreateLabel(refillID)
	})
}

// Reverse sends a B2 for a paid claim, after a cancellation or a return.
func (s *ClaimServiceImpl) Reverse(ctx context.Context, claimID uuid.UUID, reason string) error {
	claim, err := s.claims.Get(ctx, claimID)
	if err != nil {
		return err
	}
	if claim.Status != domain.ClaimPaid {
		s.log.InfoContext(ctx, "claim not reversible", "claim_id", claim.ID, "status", claim.Status)
		return nil
	}
	resp, err := s.pbm.ReverseClaim(ctx, claim.ClaimReference, reason)
	if err != nil {
		return fmt.Errorf("reverse claim %s: %w", claim.ClaimReference, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		if err := s.reversals.Create(ctx, &domain.ClaimReversal{
			ID:                s.newID(),
			ClaimID:           claim.ID,
			ReversalReference: resp.ReversalReference,
			PBMStatus:         resp.Status,
			ReversedAt:        s.now().UTC(),
		}); err != nil {
			return err
		}
		_, err := s.claims.UpdateWhere(ctx,
			map[string]any{"status": domain.ClaimReversed, "updated_at": s.now().UTC()},
			"id = ? AND status = ?", claim.ID, domain.ClaimPaid)
		return err
	})
}

// PollSubmitted asks the PBM about claims it queued instead of answering
// in real time, and applies any that have been adjudicated since.
func (s *ClaimServiceImpl) PollSubmitted(ctx context.Context) (int, error) {
	age := s.settings.ClaimPollAge
	if age == 0 {
		age = 2 * time.Minute
	}
	pending, err := s.claims.ListSubmitted(ctx, s.now().Add(-age), 200)
	if err != nil {
		return 0, err
	}
	resolved := 0
	var errs []error
	for i := range pending {
		c := &pending[i]
		resp, err := s.pbm.ClaimStatus(ctx, c.ClaimReference)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		applyClaimResponse(c, resp, s.now().UTC())
		if !c.Status.Final() {
			continue
		}
		if err := s.recordOutcome(ctx, c.RefillID, c, deref(c.SubmittedAt)); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := s.advance(ctx, c.RefillID, c); err != nil {
			errs = append(errs, err)
			continue
		}
		resolved++
	}
	return resolved, errors.Join(errs...)
}

// SyncRemittances queues an import for every remittance batch the PBM has
// published since the last one we hold.
func (s *ClaimServiceImpl) SyncRemittances(ctx context.Context) (int, error) {
	since := s.now().AddDate(0, 0, -30)
	latest, err := s.remittance.LatestPeriodEnd(ctx)
	switch {
	case err == nil:
		since = latest.PeriodEnd
	case !store.IsNotFound(err):
		return 0, err
	}
	batches, err := s.pbm.ListRemittances(ctx, since)
	if err != nil {
		return 0, err
	}
	for _, b := range batches {
		batchID := b.BatchID
		if err := queue.Submit(ctx, s.queue, func() (*asynqTask, []asynqOption, error) {
			return tasks.ImportRemittance(batchID)
		}); err != nil {
			return 0, err
		}
	}
	return len(batches), nil
}

// ImportRemittance stores one remittance batch for reconciliation.
func (s *ClaimServiceImpl) ImportRemittance(ctx context.Context, batchID string) error {
	rem, err := s.pbm.GetRemittance(ctx, batchID)
	if err != nil {
		return err
	}
	start, err := pbm.ParseDate(rem.PeriodStart)
	if err != nil {
		return fmt.Errorf("remittance %s period_start: %w", batchID, err)
	}
	end, err := pbm.ParseDate(rem.PeriodEnd)
	if err != nil {
		return fmt.Errorf("remittance %s period_end: %w", batchID, err)
	}
	batch := &domain.RemittanceBatch{
		ID:             s.newID(),
		PBMBatchID:     rem.BatchID,
		PeriodStart:    start,
		PeriodEnd:      end,
		LineCount:      len(rem.Lines),
		TotalPaidCents: rem.TotalPaidCents,
		Status:         "imported",
		ImportedAt:     s.now().UTC(),
	}
	lines := make([]domain.RemittanceLine, 0, len(rem.Lines))
	for _, l := range rem.Lines {
		lines = append(lines, domain.RemittanceLine{
			ID:             s.newID(),
			PBMBatchID:     rem.BatchID,
			LineNo:         l.LineNo,
			ClaimReference: l.ClaimReference,
			PaidCents:      l.PaidCents,
			AdjustmentCode: l.AdjustmentCode,
		})
	}
	return s.uow.Do(ctx, func(ctx context.Context, _ *gorm.DB) error {
		return s.remittance.SaveBatch(ctx, batch, lines)
	})
}
