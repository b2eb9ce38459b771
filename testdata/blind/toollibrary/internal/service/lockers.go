package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
	"github.com/shedshare/toolsd/internal/platform/clock"
	"github.com/shedshare/toolsd/internal/platform/ids"
	"github.com/shedshare/toolsd/internal/provider/lockerapi"
	"github.com/shedshare/toolsd/internal/store"
)

type lockerService struct {
	store     store.Store
	vendor    LockerVendor
	workflows LoanWorkflows
	now       clock.Clock
	newID     ids.Generator
	newUUID   ids.UUIDGenerator
	log       *slog.Logger
}

func NewLockerService(st store.Store, vendor LockerVendor, wf LoanWorkflows, now clock.Clock, newID ids.Generator, newUUID ids.UUIDGenerator, log *slog.Logger) LockerService {
	return &lockerService{store: st, vendor: vendor, workflows: wf, now: now, newID: newID, newUUID: newUUID, log: log.With("svc", "lockers")}
}

// StaffOpen opens a locker door from the staff console (jammed door,
// restocking, tool left behind). Every open is audited.
func (s *lockerService) StaffOpen(ctx context.Context, in StaffOpenInput) (*domain.StaffLockerOpen, error) {
	if in.Reason == "" {
		return nil, domain.Invalid("reason", "required")
	}
	locker, err := s.store.Lockers().Get(ctx, in.LockerID)
	if err != nil {
		return nil, err
	}
	rec := &domain.StaffLockerOpen{
		ID:        s.newUUID(),
		LockerID:  locker.ID,
		StaffID:   in.StaffID,
		Reason:    in.Reason,
		CreatedAt: s.now(),
	}
	if err := s.store.Lockers().InsertStaffOpen(ctx, rec); err != nil {
		return nil, err
	}
	cmd, err := s.vendor.OpenDoor(ctx, locker.VendorLockerID, lockerapi.OpenRequest{
		RequestID:       rec.ID,
		Reason:          in.Reason,
		Operator:        "staff:" + in.StaffID,
		HoldOpenSeconds: 20,
	})
	if err != nil {
		return nil, fmt.Errorf("open locker %s: %w", locker.Label, err)
	}
	if err := s.store.Lockers().SetStaffOpenCommand(ctx, rec.ID, cmd.ID); err != nil {
		s.log.WarnContext(ctx, "record vendor command", "open_id", rec.ID, "command_id", cmd.ID, "err", err)
	}
	rec.VendorCommandID = nullString(cmd.ID)
	return rec, nil
}

// IssuePickupCode provisions the single-use PIN the member types on the
// locker keypad. The PIN is valid until the end of the pickup window.
func (s *lockerService) IssuePickupCode(ctx context.Context, loanID string) (*domain.AccessCode, error) {
	existing, err := s.store.Loans().GetAccessCode(ctx, loanID)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	loan, err := s.store.Loans().Get(ctx, loanID)
	if err != nil {
		return nil, err
	}
	res, err := s.store.Reservations().Get(ctx, loan.ReservationID)
	if err != nil {
		return nil, err
	}
	locker, err := s.store.Lockers().Get(ctx, loan.LockerID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	validFrom := res.PickupFrom
	if validFrom.Before(now) {
		validFrom = now
	}
	code, err := s.vendor.CreateAccessCode(ctx, locker.VendorLockerID, lockerapi.AccessCodeRequest{
		ValidFrom:  validFrom,
		ValidUntil: res.PickupUntil,
		Label:      "loan " + loan.ID,
		SingleUse:  true,
	})
	if err != nil {
		return nil, fmt.Errorf("create access code on %s: %w", locker.Label, err)
	}
	ac := &domain.AccessCode{
		ID:           s.newID(),
		LoanID:       loan.ID,
		LockerID:     locker.ID,
		VendorCodeID: code.ID,
		PIN:          code.PIN,
		ValidUntil:   code.ValidUntil,
		CreatedAt:    now,
	}
	if err := s.store.Loans().InsertAccessCode(ctx, ac); err != nil {
		return nil, err
	}
	return ac, nil
}

// OpenForReturn opens the loan's locker so the member can put the tool
// back. requestID is the vendor X-Request-Id and must be stable for one
// return request.
func (s *lockerService) OpenForReturn(ctx context.Context, loanID, requestID string) error {
	loan, err := s.store.Loans().Get(ctx, loanID)
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
	locker, err := s.store.Lockers().Get(ctx, loan.LockerID)
	if err != nil {
		return err
	}
	cmd, err := s.vendor.OpenDoor(ctx, locker.VendorLockerID, lockerapi.OpenRequest{
		RequestID: requestID,
		Reason:    "return",
		Operator:  "member:" + loan.MemberID,
	})
	if err != nil {
		return fmt.Errorf("open locker %s for return: %w", locker.Label, err)
	}
	return s.store.Loans().AppendEvent(ctx, domain.LoanEvent{
		LoanID: loan.ID, Kind: "return_opened", Detail: "command=" + cmd.ID, OccurredAt: s.now(),
	})
}

// lockerTransition describes what a vendor event means for a locker that
// is held by a loan.
type lockerTransition struct {
	signal string
	state  domain.LockerState
}

// transitionFor classifies a vendor event. Door-closed events carry the
// occupancy sensor reading; an empty locker after a close means the member
// took the tool, an occupied one means a tool was put back.
func transitionFor(evt lockerapi.Event, loan *domain.Loan) (lockerTransition, bool) {
	if evt.Type != lockerapi.EventDoorClosed || evt.Occupied == nil || loan == nil {
		return lockerTransition{}, false
	}
	switch {
	case loan.Status == domain.LoanAwaitingPickup && !*evt.Occupied:
		return lockerTransition{signal: SignalPickedUp, state: domain.LockerFree}, true
	case loan.Status == domain.LoanActive && *evt.Occupied:
		return lockerTransition{signal: SignalReturned, state: domain.LockerOccupied}, true
	}
	return lockerTransition{}, false
}

// HandleVendorEvent applies a locker vendor webhook. The event ID is
// recorded in the same transaction as the locker state change. The loan's
// workflow is signalled on every delivery: the workflow ignores signals
// for steps it has already passed, and an earlier delivery may have
// committed without getting the signal out.
func (s *lockerService) HandleVendorEvent(ctx context.Context, evt lockerapi.Event) error {
	locker, err := s.store.Lockers().GetByVendorID(ctx, evt.VendorLockerID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "event for unknown locker", "vendor_locker_id", evt.VendorLockerID, "event_id", evt.ID)
		return nil
	}
	if err != nil {
		return err
	}
	var loan *domain.Loan
	if locker.HeldByLoanID.Valid {
		if loan, err = s.store.Loans().Get(ctx, locker.HeldByLoanID.String); err != nil {
			return err
		}
	}
	tr, relevant := transitionFor(evt, loan)

	err = s.store.InTx(ctx, func(tx store.Store) error {
		fresh, err := tx.Inbox().Accept(ctx, "locker", evt.ID, evt.Type, s.now())
		if err != nil || !fresh {
			return err
		}
		switch {
		case evt.Type == lockerapi.EventControllerDown:
			return tx.Lockers().SetState(ctx, locker.ID, domain.LockerFault, nullableLoan(loan), s.now())
		case relevant:
			held := nullableLoan(loan)
			if tr.state == domain.LockerFree {
				held = nil
			}
			return tx.Lockers().SetState(ctx, locker.ID, tr.state, held, s.now())
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !relevant {
		return nil
	}
	at := evt.OccurredAt
	if at.IsZero() {
		at = s.now()
	}
	return s.workflows.Signal(ctx, loan.WorkflowID, tr.signal, LockerSignal{EventID: evt.ID, OccurredAt: at.UTC().Truncate(time.Microsecond)})
}

func nullableLoan(l *domain.Loan) *string {
	if l == nil {
		return nil
	}
	id := l.ID
	return &id
}
