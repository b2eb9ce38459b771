// Package mealplan handles meal-plan balances: card top-ups and processor
// refunds.
package mealplan

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/ids"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/store"
)

// Charger is the card processor call used for top-ups.
type Charger interface {
	CreateCharge(ctx context.Context, req cardproc.ChargeRequest) (*cardproc.Charge, error)
}

// Limits bounds a single top-up.
type Limits struct {
	MinCents int64
	MaxCents int64
}

// Service implements meal-plan commands.
type Service struct {
	q      db.Querier
	tx     store.Transactor
	cards  Charger
	limits Limits
}

// NewService returns a Service.
func NewService(q db.Querier, tx store.Transactor, cards Charger, limits Limits) *Service {
	return &Service{q: q, tx: tx, cards: cards, limits: limits}
}

// TopUp adds money to a student's meal plan from their card on file.
type TopUp struct {
	StudentID   string
	AmountCents int64
}

// TopUp handles the TopUp command.
func (s *Service) TopUp(ctx context.Context, cmd TopUp) (commandbus.Result, error) {
	if cmd.AmountCents < s.limits.MinCents || cmd.AmountCents > s.limits.MaxCents {
		return commandbus.Result{}, commandbus.Reject("amount_out_of_range",
			fmt.Sprintf("top-ups must be between %d and %d cents", s.limits.MinCents, s.limits.MaxCents))
	}
	student, err := s.q.GetStudent(ctx, cmd.StudentID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("unknown_student", cmd.StudentID)
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load student: %w", err)
	}
	account, err := s.q.GetMealPlanAccount(ctx, student.ID)
	if store.IsNotFound(err) {
		return commandbus.Result{}, commandbus.Reject("no_meal_plan", "student has no meal plan")
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("load meal plan: %w", err)
	}
	if account.Frozen {
		return commandbus.Result{}, commandbus.Reject("meal_plan_frozen", "contact student accounts")
	}
	if !student.CardToken.Valid {
		return commandbus.Result{}, commandbus.Reject("no_card_on_file", "add a card first")
	}

	charge, err := s.cards.CreateCharge(ctx, cardproc.ChargeRequest{
		AmountCents: cmd.AmountCents,
		CardToken:   student.CardToken.String,
		Description: "Meal plan top-up",
		Metadata:    map[string]string{"student_id": student.ID, "purpose": "meal_plan"},
	})
	if errors.Is(err, cardproc.ErrDeclined) {
		return commandbus.Result{}, commandbus.Reject("card_declined", err.Error())
	}
	if err != nil {
		return commandbus.Result{}, fmt.Errorf("charge card: %w", err)
	}

	topUpID := ids.New()
	err = s.tx.InTx(ctx, func(ctx context.Context, _ *sql.Tx, q db.Querier) error {
		if err := q.InsertTopUp(ctx, db.InsertTopUpParams{
			ID:                topUpID,
			StudentID:         student.ID,
			AmountCents:       cmd.AmountCents,
			ProcessorChargeID: charge.ID,
		}); err != nil {
			return fmt.Errorf("insert top-up: %w", err)
		}
		return q.CreditMealPlan(ctx, db.CreditMealPlanParams{AmountCents: cmd.AmountCents, StudentID: student.ID})
	})
	if err != nil {
		return commandbus.Result{}, err
	}
	return commandbus.Result{ID: topUpID, Status: "succeeded"}, nil
}

// ApplyProcessorRefund reverses a top-up the processor refunded. The
// conditional status update makes it apply at most once per charge.
func (s *Service) ApplyProcessorRefund(ctx context.Context, q db.Querier, chargeID string, amountCents int64) error {
	topUp, err := q.GetTopUpByChargeID(ctx, chargeID)
	if store.IsNotFound(err) {
		return nil // deposit or damage charge; finance reconciles those
	}
	if err != nil {
		return err
	}
	n, err := q.MarkTopUpRefunded(ctx, chargeID)
	if err != nil || n == 0 {
		return err
	}
	return q.DebitMealPlan(ctx, db.DebitMealPlanParams{AmountCents: amountCents, StudentID: topUp.StudentID})
}
