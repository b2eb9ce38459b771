// Package moveout records move-out inspections, settles damage against the
// held deposit and books the follow-up work (refund, card charge for the
// excess, lock re-core).
package moveout

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/providers/locksmith"
	"github.com/quadhall/housing/internal/store"
)

// CardCharger charges a stored card.
type CardCharger interface {
	CreateCharge(ctx context.Context, req cardproc.ChargeRequest) (*cardproc.Charge, error)
}

// LockBooker books lock re-cores.
type LockBooker interface {
	BookRekey(ctx context.Context, req locksmith.JobRequest) (*locksmith.Job, error)
}

// Service implements move-out commands and jobs.
type Service struct {
	q     db.Querier
	tx    store.Transactor
	jobs  jobs.Enqueuer
	cards CardCharger
	locks LockBooker
}

// NewService returns a Service.
func NewService(q db.Querier, tx store.Transactor, enq jobs.Enqueuer, cards CardCharger, locks LockBooker) *Service {
	return &Service{q: q, tx: tx, jobs: enq, cards: cards, locks: locks}
}

// DamageItem is one line of an inspection report.
type DamageItem struct {
	Code        string
	Description string
	AmountCents int64
}

// RecordInspection is the RA's move-out inspection of an assignment.
type RecordInspection struct {
	AssignmentID string
	Inspector    string
	Notes        string
	Items        []DamageItem
}

// Record handles RecordInspection.
func (s *Service) Record(ctx context.Context, cmd RecordInspection) (commandbus.Result, error) {
	assignment, err := s.q.GetAssignment(ctx, cmd.AssignmentID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("unknown_assignment", cmd.AssignmentID)
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load assignment: %w", err)
	}
	if existing, err := s.q.GetInspectionByAssignment(ctx, assignment.ID); err == nil {
		return commandbus.Result{ID: existing.ID, Status: "already_recorded"}, nil
	} else if !store.IsNotFound(err) {
		return commandbus.Result{}, fmt.Errorf("load inspection: %w", err)
	}
	if assignment.Status != "active" && assignment.Status != "checked_out" {
		return commandbus.Result{}, commandbus.Reject("not_in_residence", "assignment is "+assignment.Status)
	}

	var total int64
	seen := map[string]bool{}
	for _, it := range cmd.Items {
		if it.AmountCents < 0 || it.Code == "" {
			return commandbus.Result{}, commandbus.Reject("invalid_item", it.Code)
		}
		if seen[it.Code] {
			return commandbus.Result{}, commandbus.Reject("duplicate_item", it.Code)
		}
		seen[it.Code] = true
		total += it.AmountCents
	}

	var inspection db.MoveOutInspection
	err = s.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		var err error
		inspection, err = q.CreateInspection(ctx, db.CreateInspectionParams{
			ID:               ids.New(),
			AssignmentID:     assignment.ID,
			Inspector:        cmd.Inspector,
			Notes:            cmd.Notes,
			TotalDamageCents: total,
		})
		if err != nil {
			return fmt.Errorf("insert inspection: %w", err)
		}
		for _, it := range cmd.Items {
			if err := q.InsertDamageCharge(ctx, db.InsertDamageChargeParams{
				ID:           ids.New(),
				InspectionID: inspection.ID,
				ItemCode:     it.Code,
				Description:  it.Description,
				AmountCents:  it.AmountCents,
			}); err != nil {
				return fmt.Errorf("insert damage %s: %w", it.Code, err)
			}
		}
		return nil
	})
	if err != nil {
		return commandbus.Result{}, err
	}

	settle := settlement(assignment.DepositHeldCents, total)
	err = s.tx.InTx(ctx, func(ctx context.Context, tx *sql.Tx, q db.Querier) error {
		if err := q.MarkAssignmentInspected(ctx, db.MarkAssignmentInspectedParams{
			ID:               assignment.ID,
			DepositHeldCents: settle.refundable,
		}); err != nil {
			return fmt.Errorf("settle deposit: %w", err)
		}
		if settle.refundable > 0 {
			if _, err := s.jobs.EnqueueTx(ctx, tx, jobs.RefundDepositArgs{AssignmentID: assignment.ID}, nil); err != nil {
				return err
			}
		}
		if settle.excess > 0 {
			if _, err := s.jobs.EnqueueTx(ctx, tx, jobs.ChargeDamageArgs{
				InspectionID: inspection.ID,
				StudentID:    assignment.StudentID,
				AmountCents:  settle.excess,
			}, nil); err != nil {
				return err
			}
		}
		bed, err := q.GetBed(ctx, assignment.BedID)
		if err != nil {
			return fmt.Errorf("load bed: %w", err)
		}
		_, err = s.jobs.EnqueueTx(ctx, tx, jobs.RekeyRoomArgs{AssignmentID: assignment.ID, RoomID: bed.RoomID}, nil)
		return err
	})
	if err != nil {
		return commandbus.Result{}, err
	}
	return commandbus.Result{ID: inspection.ID, Status: "recorded"}, nil
}

type depositSettlement struct {
	refundable int64
	excess     int64
}

// settlement splits damage between the held deposit and an additional
// charge to the student's card.
func settlement(held, damage int64) depositSettlement {
	if damage >= held {
		return depositSettlement{refundable: 0, excess: damage - held}
	}
	return depositSettlement{refundable: held - damage}
}
