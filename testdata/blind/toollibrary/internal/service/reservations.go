package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/store"
)

type reservationService struct {
	store     store.Store
	workflows LoanWorkflows
	policy    Policy
	now       clock.Clock
	newID     ids.Generator
	log       *slog.Logger
}

func NewReservationService(st store.Store, wf LoanWorkflows, policy Policy, now clock.Clock, newID ids.Generator, log *slog.Logger) ReservationService {
	return &reservationService{store: st, workflows: wf, policy: policy, now: now, newID: newID, log: log.With("svc", "reservations")}
}

const scopeReservationCreate = "reservation.create"

func reservationRequestHash(in CreateReservationInput) string {
	h := sha256.New()
	h.Write([]byte(in.ToolID))
	h.Write([]byte{0})
	h.Write([]byte(in.PickupFrom.UTC().Format(time.RFC3339)))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(in.LoanDays)))
	return hex.EncodeToString(h.Sum(nil))
}

// Create places a reservation and parks a locker for it. The caller's
// Idempotency-Key is claimed in the same transaction as the reservation,
// so a repeated request returns the reservation the first one created.
func (s *reservationService) Create(ctx context.Context, in CreateReservationInput) (*domain.Reservation, bool, error) {
	if in.IdempotencyKey == "" {
		return nil, false, domain.Invalid("Idempotency-Key", "header is required")
	}
	if in.LoanDays == 0 {
		in.LoanDays = s.policy.DefaultLoanDays
	}
	if in.LoanDays < 1 || in.LoanDays > s.policy.MaxLoanDays {
		return nil, false, domain.Invalid("loan_days", fmt.Sprintf("must be between 1 and %d", s.policy.MaxLoanDays))
	}
	now := s.now()
	if in.PickupFrom.IsZero() {
		in.PickupFrom = now
	}
	if in.PickupFrom.After(now.AddDate(0, 0, s.policy.ReservationLeadDays)) {
		return nil, false, domain.Invalid("pickup_from", "too far in the future")
	}

	var (
		out     *domain.Reservation
		created bool
	)
	err := s.store.InTx(ctx, func(tx store.Store) error {
		res := &domain.Reservation{
			ID:          s.newID(),
			MemberID:    in.MemberID,
			ToolID:      in.ToolID,
			Status:      domain.ReservationPending,
			PickupFrom:  in.PickupFrom,
			PickupUntil: in.PickupFrom.Add(s.policy.PickupWindow),
			LoanDays:    in.LoanDays,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		stored, fresh, err := tx.Idempotency().Claim(ctx, &domain.IdempotencyKey{
			Scope:       scopeReservationCreate,
			MemberID:    in.MemberID,
			Key:         in.IdempotencyKey,
			RequestHash: reservationRequestHash(in),
			ResourceID:  res.ID,
			CreatedAt:   now,
		})
		if err != nil {
			return err
		}
		if !fresh {
			if stored.RequestHash != reservationRequestHash(in) {
				return domain.ErrIdempotencyReuse
			}
			out, err = tx.Reservations().Get(ctx, stored.ResourceID)
			return err
		}

		tool, err := tx.Tools().GetForUpdate(ctx, in.ToolID)
		if err != nil {
			return err
		}
		if tool.State != domain.ToolAvailable {
			return domain.ErrToolUnavailable
		}
		locker, err := tx.Lockers().ClaimFree(ctx, tool.BranchID, tool.SizeClass)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.ErrNoLockerAvailable
		}
		if err != nil {
			return err
		}
		if err := tx.Lockers().SetState(ctx, locker.ID, domain.LockerHeld, nil, now); err != nil {
			return err
		}
		if _, err := tx.Tools().SetState(ctx, tool.ID, []domain.ToolState{domain.ToolAvailable}, domain.ToolReserved, now); err != nil {
			return err
		}
		res.BranchID = tool.BranchID
		res.LockerID = nullString(locker.ID)
		if err := tx.Reservations().Insert(ctx, res); err != nil {
			return err
		}
		out, created = res, true
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return out, created, nil
}

// Cancel cancels a reservation that has not been checked out and returns
// its locker and tool to the pool.
func (s *reservationService) Cancel(ctx context.Context, memberID, reservationID string) (*domain.Reservation, error) {
	res, err := s.store.Reservations().Get(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	if res.MemberID != memberID {
		return nil, domain.ErrForbidden
	}
	if res.Status == domain.ReservationCancelled {
		return res, nil
	}
	now := s.now()
	ok, err := s.store.Reservations().Transition(ctx, res.ID, []domain.ReservationStatus{domain.ReservationPending, domain.ReservationReady}, domain.ReservationCancelled, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("reservation %s is %s: %w", res.ID, res.Status, domain.ErrInvalidTransition)
	}
	if res.LockerID.Valid {
		if err := s.store.Lockers().SetState(ctx, res.LockerID.String, domain.LockerFree, nil, now); err != nil {
			return nil, fmt.Errorf("free locker %s: %w", res.LockerID.String, err)
		}
	}
	if _, err := s.store.Tools().SetState(ctx, res.ToolID, []domain.ToolState{domain.ToolReserved, domain.ToolInLocker}, domain.ToolAvailable, now); err != nil {
		return nil, fmt.Errorf("release tool %s: %w", res.ToolID, err)
	}
	s.log.InfoContext(ctx, "reservation cancelled", "reservation_id", res.ID, "member_id", memberID)
	res.Status = domain.ReservationCancelled
	return res, nil
}

// Checkout turns a reservation into a loan and starts the borrow-return
// workflow for it.
func (s *reservationService) Checkout(ctx context.Context, memberID, reservationID string) (*domain.Loan, error) {
	var loan *domain.Loan
	var res *domain.Reservation
	err := s.store.InTx(ctx, func(tx store.Store) error {
		var err error
		res, err = tx.Reservations().GetForUpdate(ctx, reservationID)
		if err != nil {
			return err
		}
		if res.MemberID != memberID {
			return domain.ErrForbidden
		}
		switch res.Status {
		case domain.ReservationCheckedOut:
			loan, err = tx.Loans().GetByReservation(ctx, reservationID)
			return err
		case domain.ReservationPending, domain.ReservationReady:
		default:
			return fmt.Errorf("reservation %s is %s: %w", res.ID, res.Status, domain.ErrInvalidTransition)
		}
		if !res.LockerID.Valid {
			return fmt.Errorf("reservation %s has no locker: %w", res.ID, domain.ErrNoLockerAvailable)
		}
		now := s.now()
		l := &domain.Loan{
			ID:            s.newID(),
			ReservationID: res.ID,
			MemberID:      res.MemberID,
			ToolID:        res.ToolID,
			LockerID:      res.LockerID.String,
			WorkflowID:    WorkflowIDForReservation(res.ID),
			Status:        domain.LoanAwaitingPickup,
			DueAt:         res.PickupFrom.AddDate(0, 0, res.LoanDays),
			CreatedAt:     now,
			UpdatedAt:     now,
		}
		inserted, err := tx.Loans().InsertIfAbsent(ctx, l)
		if err != nil {
			return err
		}
		if inserted {
			loan = l
		} else if loan, err = tx.Loans().GetByReservation(ctx, res.ID); err != nil {
			return err
		}
		if _, err := tx.Reservations().Transition(ctx, res.ID, []domain.ReservationStatus{domain.ReservationPending, domain.ReservationReady}, domain.ReservationCheckedOut, now); err != nil {
			return err
		}
		loanID := loan.ID
		if err := tx.Lockers().SetState(ctx, loan.LockerID, domain.LockerHeld, &loanID, now); err != nil {
			return err
		}
		return tx.Loans().AppendEvent(ctx, domain.LoanEvent{LoanID: loan.ID, Kind: "checked_out", OccurredAt: now})
	})
	if err != nil {
		return nil, err
	}
	// The workflow ID is derived from the reservation, so a repeated
	// checkout finds the workflow the first one started.
	if err := s.workflows.StartBorrow(ctx, loan.WorkflowID, BorrowInput{
		LoanID:        loan.ID,
		ReservationID: res.ID,
		MemberID:      loan.MemberID,
		PickupUntil:   res.PickupUntil,
		DueAt:         loan.DueAt,
	}); err != nil {
		return nil, fmt.Errorf("start borrow workflow: %w", err)
	}
	return loan, nil
}
