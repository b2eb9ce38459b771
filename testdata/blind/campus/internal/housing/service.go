// Package housing handles room applications, their deposits and room
// assignments.
package housing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/store"
)

// CardCharger is the slice of the card processor the housing office uses.
type CardCharger interface {
	CreateCharge(ctx context.Context, req cardproc.ChargeRequest) (*cardproc.Charge, error)
}

// DepositPolicy is the deposit charged with an application.
type DepositPolicy struct {
	AmountCents int64
}

// Service implements the application and assignment commands.
type Service struct {
	q       db.Querier
	tx      store.Transactor
	cards   CardCharger
	jobs    jobs.Enqueuer
	deposit DepositPolicy
}

// NewService returns a Service.
func NewService(q db.Querier, tx store.Transactor, cards CardCharger, enq jobs.Enqueuer, deposit DepositPolicy) *Service {
	return &Service{q: q, tx: tx, cards: cards, jobs: enq, deposit: deposit}
}

// SubmitApplication applies for housing in a term and pays the deposit.
type SubmitApplication struct {
	StudentID   string
	TermCode    string
	Preferences json.RawMessage
}

// Submit handles SubmitApplication. Resubmitting for the same term updates
// the preferences of the existing application and does not charge again.
func (s *Service) Submit(ctx context.Context, cmd SubmitApplication) (commandbus.Result, error) {
	if cmd.TermCode == "" {
		return commandbus.Result{}, commandbus.Reject("invalid_term", "term_code is required")
	}
	student, err := s.q.GetStudent(ctx, cmd.StudentID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("unknown_student", cmd.StudentID)
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load student: %w", err)
	}
	if !student.CardToken.Valid {
		return commandbus.Result{}, commandbus.Reject("no_card_on_file", "add a card before applying")
	}
	prefs := cmd.Preferences
	if len(prefs) == 0 {
		prefs = json.RawMessage(`{}`)
	}

	app, err := s.q.UpsertApplication(ctx, db.UpsertApplicationParams{
		ID:           ids.New(),
		StudentID:    student.ID,
		TermCode:     cmd.TermCode,
		Preferences:  prefs,
		DepositCents: s.deposit.AmountCents,
	})
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("upsert application: %w", err)
	}
	if app.DepositStatus == "paid" {
		return commandbus.Result{ID: app.ID, Status: app.Status}, nil
	}

	charge, err := s.cards.CreateCharge(ctx, cardproc.ChargeRequest{
		AmountCents:    app.DepositCents,
		CardToken:      student.CardToken.String,
		Description:    "Housing deposit " + app.TermCode,
		Metadata:       map[string]string{"application_id": app.ID, "student_id": student.ID},
		IdempotencyKey: "housing-deposit-" + app.ID,
	})
	if errors.Is(err, cardproc.ErrDeclined) {
		return commandbus.Result{ID: app.ID, Status: "deposit_declined"}, commandbus.Reject("card_declined", err.Error())
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("charge deposit: %w", err)
	}

	if _, err := s.q.MarkDepositPaid(ctx, db.MarkDepositPaidParams{
		ID:              app.ID,
		DepositChargeID: sql.NullString{String: charge.ID, Valid: true},
	}); err != nil {
		return commandbus.Result{}, fmt.Errorf("mark deposit paid: %w", err)
	}
	return commandbus.Result{ID: app.ID, Status: app.Status}, nil
}

// AssignRoom places an application's student in a bed.
type AssignRoom struct {
	ApplicationID string
	BedID         string
	MoveIn        time.Time
	TermEndsOn    time.Time
}

// Assign handles AssignRoom.
func (s *Service) Assign(ctx context.Context, cmd AssignRoom) (commandbus.Result, error) {
	app, err := s.q.GetApplication(ctx, cmd.ApplicationID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("unknown_application", cmd.ApplicationID)
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load application: %w", err)
	}
	if app.DepositStatus != "paid" {
		return commandbus.Result{}, commandbus.Reject("deposit_unpaid", "deposit must be paid before assignment")
	}
	student, err := s.q.GetStudent(ctx, app.StudentID)
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load student: %w", err)
	}

	var res commandbus.Result
	err = s.tx.InTx(ctx, func(ctx context.Context, tx *sql.Tx, q db.Querier) error {
		inserted, err := q.InsertAssignment(ctx, db.InsertAssignmentParams{
			ID:               ids.New(),
			ApplicationID:    app.ID,
			StudentID:        app.StudentID,
			BedID:            cmd.BedID,
			TermCode:         app.TermCode,
			DepositHeldCents: app.DepositCents,
			MoveInDate:       cmd.MoveIn,
			TermEndsOn:       cmd.TermEndsOn,
		})
		if store.IsUniqueViolation(err) {
			return commandbus.Reject("bed_unavailable", "bed already has a live assignment")
		}
		if err != nil {
			return fmt.Errorf("insert assignment: %w", err)
		}
		assignment, err := q.GetAssignmentByApplication(ctx, app.ID)
		if err != nil {
			return fmt.Errorf("reload assignment: %w", err)
		}
		res = commandbus.Result{ID: assignment.ID, Status: assignment.Status}
		if inserted == 0 {
			// Already assigned (possibly to a different bed); report what exists.
			return nil
		}

		claimed, err := q.ClaimBed(ctx, cmd.BedID)
		if err != nil {
			return fmt.Errorf("claim bed: %w", err)
		}
		if claimed == 0 {
			return commandbus.Reject("bed_unavailable", "bed is not available")
		}
		if _, err := q.MarkApplicationAssigned(ctx, app.ID); err != nil {
			return fmt.Errorf("mark application assigned: %w", err)
		}
		_, err = s.jobs.EnqueueTx(ctx, tx, jobs.SendEmailArgs{
			To:       student.Email,
			Template: "room_offer",
			Ref:      assignment.ID,
			Data: map[string]any{
				"name":    student.FullName,
				"term":    app.TermCode,
				"move_in": cmd.MoveIn.Format(time.DateOnly),
			},
		}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
		return err
	})
	if err != nil {
		return commandbus.Result{}, err
	}
	return res, nil
}
