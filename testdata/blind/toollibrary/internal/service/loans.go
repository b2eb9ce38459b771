package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/store"
	"github.com/shedshare/toolsd/internal/tasks/payloads"
)

type loanService struct {
	store     store.Store
	card      CardProcessor
	workflows LoanWorkflows
	queue     TaskQueue
	policy    Policy
	now       clock.Clock
	newID     ids.Generator
	log       *slog.Logger
}

func NewLoanService(st store.Store, card CardProcessor, wf LoanWorkflows, q TaskQueue, policy Policy, now clock.Clock, newID ids.Generator, log *slog.Logger) LoanService {
	return &loanService{store: st, card: card, workflows: wf, queue: q, policy: policy, now: now, newID: newID, log: log.With("svc", "loans")}
}

func (s *loanService) Get(ctx context.Context, id string) (*domain.Loan, error) {
	return s.store.Loans().Get(ctx, id)
}

func (s *loanService) memberLoan(ctx context.Context, memberID, loanID string) (*domain.Loan, error) {
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return nil, err
	}
	if loan.MemberID != memberID {
		return nil, domain.ErrForbidden
	}
	return loan, nil
}

// Extend pushes the due date back and charges the tool's extension fee.
func (s *loanService) Extend(ctx context.Context, memberID, loanID string, days int) (*domain.Loan, error) {
	if days < 1 || days > s.policy.MaxExtensionDays {
		return nil, domain.Invalid("days", fmt.Sprintf("must be between 1 and %d", s.policy.MaxExtensionDays))
	}
	loan, err := s.memberLoan(ctx, memberID, loanID)
	if err != nil {
		return nil, err
	}
	if loan.Status != domain.LoanActive {
		return nil, fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
	}
	if loan.ExtensionCount >= s.policy.MaxExtensions {
		return nil, domain.Invalid("days", "no extensions left on this loan")
	}
	tool, err := s.store.Tools().Get(ctx, loan.ToolID)
	if err != nil {
		return nil, err
	}
	member, err := s.store.Members().Get(ctx, memberID)
	if err != nil {
		return nil, err
	}

	seq := loan.ExtensionCount + 1
	newDue := loan.DueAt.AddDate(0, 0, days)
	fee := tool.ExtensionFeeCents * int64(days)

	var chargeID string
	if fee > 0 {
		ch, err := s.card.Charge(ctx, cardpay.ChargeRequest{
			CustomerRef:   member.CardCustomerRef.String,
			PaymentRef:    member.CardPaymentRef.String,
			AmountCents:   fee,
			Currency:      "USD",
			Description:   fmt.Sprintf("%s: %d-day extension", tool.Name, days),
			StatementText: "SHEDSHARE EXTEND",
			Metadata: map[string]string{
				"loan_id":       loan.ID,
				"extension_seq": strconv.Itoa(seq),
			},
		})
		if cardpay.IsDecline(err) {
			return nil, domain.ErrPaymentDeclined
		}
		if err != nil {
			return nil, fmt.Errorf("charge extension fee: %w", err)
		}
		chargeID = ch.ID
	}

	now := s.now()
	err = s.store.InTx(ctx, func(tx store.Store) error {
		ok, err := tx.Loans().ExtendDue(ctx, loan.ID, loan.ExtensionCount, newDue, now)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("loan %s changed during extension: %w", loan.ID, domain.ErrConflict)
		}
		if err := tx.Loans().InsertExtension(ctx, &domain.LoanExtension{
			ID:          s.newID(),
			LoanID:      loan.ID,
			Seq:         seq,
			PreviousDue: loan.DueAt,
			NewDue:      newDue,
			FeeCents:    fee,
			ChargeID:    nullString(chargeID),
			CreatedAt:   now,
		}); err != nil {
			return err
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{
			LoanID: loan.ID, Kind: "extended", OccurredAt: now,
			Detail: fmt.Sprintf("seq=%d due=%s charge=%s", seq, newDue.Format(time.RFC3339), chargeID),
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.workflows.Signal(ctx, loan.WorkflowID, SignalDueChanged, newDue); err != nil {
		// The workflow re-reads the due date before assessing late fees, so
		// a missed signal only delays its reminder timer.
		s.log.WarnContext(ctx, "signal due change", "loan_id", loan.ID, "err", err)
	}
	loan.DueAt = newDue
	loan.ExtensionCount = seq
	return loan, nil
}

// RequestReturn asks the workflow to open the loan's locker for a return.
func (s *loanService) RequestReturn(ctx context.Context, memberID, loanID string) error {
	loan, err := s.memberLoan(ctx, memberID, loanID)
	if err != nil {
		return err
	}
	switch loan.Status {
	case domain.LoanReturned, domain.LoanClosed:
		return nil
	case domain.LoanActive:
	default:
		return fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
	}
	return s.workflows.Signal(ctx, loan.WorkflowID, SignalReturnRequested, LockerSignal{OccurredAt: s.now()})
}

// SubmitInspection forwards a staff inspection result to the workflow.
func (s *loanService) SubmitInspection(ctx context.Context, loanID string, in InspectionInput) error {
	switch in.Outcome {
	case domain.InspectionOK, domain.InspectionWorn, domain.InspectionDamaged, domain.InspectionMissing:
	default:
		return domain.Invalid("outcome", "unknown outcome")
	}
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	if loan.Status != domain.LoanReturned {
		return fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
	}
	return s.workflows.Signal(ctx, loan.WorkflowID, SignalInspected, in)
}

// MarkPickedUp records that the member took the tool out of the locker.
func (s *loanService) MarkPickedUp(ctx context.Context, loanID string, at time.Time) error {
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return err
	}
	ok, err := s.store.Loans().Transition(ctx, loan.ID, domain.LoanAwaitingPickup, domain.LoanActive, at)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
	}
	if _, err := s.store.Tools().SetState(ctx, loan.ToolID, []domain.ToolState{domain.ToolReserved, domain.ToolInLocker}, domain.ToolOnLoan, at); err != nil {
		return fmt.Errorf("tool %s on loan: %w", loan.ToolID, err)
	}
	if err := s.store.Lockers().SetState(ctx, loan.LockerID, domain.LockerFree, nil, at); err != nil {
		return fmt.Errorf("free locker %s: %w", loan.LockerID, err)
	}
	return s.store.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loan.ID, Kind: "picked_up", OccurredAt: at})
}

// MarkReturned records that the tool is back in a locker. The loan, tool
// and locker move together in one transaction; a repeated call after the
// loan is already returned is a no-op.
func (s *loanService) MarkReturned(ctx context.Context, loanID string, at time.Time) (*domain.Loan, error) {
	var out *domain.Loan
	err := s.store.InTx(ctx, func(tx store.Store) error {
		loan, err := tx.Loans().GetForUpdate(ctx, loanID)
		if err != nil {
			return err
		}
		switch loan.Status {
		case domain.LoanReturned, domain.LoanClosed:
			out = loan
			return nil
		case domain.LoanActive:
		default:
			return fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
		}
		ok, err := tx.Loans().SetReturned(ctx, loan.ID, at)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("loan %s: %w", loan.ID, domain.ErrConflict)
		}
		if _, err := tx.Tools().SetState(ctx, loan.ToolID, []domain.ToolState{domain.ToolOnLoan}, domain.ToolReturned, at); err != nil {
			return err
		}
		loanRef := loan.ID
		if err := tx.Lockers().SetState(ctx, loan.LockerID, domain.LockerOccupied, &loanRef, at); err != nil {
			return err
		}
		if err := tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loan.ID, Kind: "returned", OccurredAt: at}); err != nil {
			return err
		}
		loan.Status = domain.LoanReturned
		loan.ReturnedAt.Time, loan.ReturnedAt.Valid = at, true
		out = loan
		return nil
	})
	return out, err
}

// nextToolState maps an inspection outcome to where the tool goes next.
var nextToolState = map[domain.InspectionOutcome]domain.ToolState{
	domain.InspectionOK:      domain.ToolAvailable,
	domain.InspectionWorn:    domain.ToolAvailable,
	domain.InspectionDamaged: domain.ToolInRepair,
	domain.InspectionMissing: domain.ToolRetired,
}

// RecordInspection stores the staff inspection of a returned tool, frees
// the locker and, for damage, files a damage report and queues the repair
// dispatch.
func (s *loanService) RecordInspection(ctx context.Context, loanID string, in InspectionInput) (*domain.Inspection, error) {
	next, ok := nextToolState[in.Outcome]
	if !ok {
		return nil, domain.Invalid("outcome", "unknown outcome")
	}
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return nil, err
	}
	if loan.Status != domain.LoanReturned {
		return nil, fmt.Errorf("loan %s is %s: %w", loan.ID, loan.Status, domain.ErrInvalidTransition)
	}
	now := s.now()
	insp := &domain.Inspection{
		ID:        s.newID(),
		LoanID:    loan.ID,
		ToolID:    loan.ToolID,
		Inspector: in.Inspector,
		Outcome:   in.Outcome,
		Notes:     in.Notes,
		CreatedAt: now,
	}
	err = s.store.InTx(ctx, func(tx store.Store) error {
		if err := tx.Loans().InsertInspection(ctx, insp); err != nil {
			return err
		}
		if _, err := tx.Tools().SetState(ctx, loan.ToolID, []domain.ToolState{domain.ToolReturned}, next, now); err != nil {
			return err
		}
		if err := tx.Lockers().SetState(ctx, loan.LockerID, domain.LockerFree, nil, now); err != nil {
			return err
		}
		if in.Outcome == domain.InspectionDamaged {
			if err := tx.Repairs().InsertDamageReport(ctx, &domain.DamageReport{
				ID:          InspectionDamageReportID(loan.ID),
				LoanID:      loan.ID,
				MemberID:    loan.MemberID,
				ToolID:      loan.ToolID,
				ReportedBy:  "staff",
				Severity:    "inspection",
				Description: in.Notes,
				CreatedAt:   now,
			}); err != nil {
				return err
			}
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loan.ID, Kind: "inspected", Detail: string(in.Outcome), OccurredAt: now})
	})
	if err != nil {
		return nil, err
	}
	if in.Outcome == domain.InspectionDamaged {
		reportID := InspectionDamageReportID(loan.ID)
		if err := s.queue.EnqueueOnce(ctx, payloads.TypeRepairDispatch, "repair-dispatch:"+reportID,
			payloads.RepairDispatch{DamageReportID: reportID}); err != nil {
			return nil, err
		}
	}
	return insp, nil
}

// InspectionDamageReportID is the damage report filed by an inspection.
// There is at most one inspection per loan, so the ID is derived from it.
func InspectionDamageReportID(loanID string) string { return ids.Derived("inspection-damage", loanID) }

// IsRetryable reports whether err is worth retrying from a worker.
func IsRetryable(err error) bool {
	switch {
	case errors.Is(err, domain.ErrNotFound),
		errors.Is(err, domain.ErrInvalidTransition),
		errors.Is(err, domain.ErrPaymentDeclined),
		errors.Is(err, domain.ErrForbidden),
		errors.Is(err, domain.ErrValidation),
		errors.Is(err, domain.ErrIdempotencyReuse):
		return false
	}
	return true
}
