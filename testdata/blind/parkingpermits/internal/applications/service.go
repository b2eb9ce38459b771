// Package applications handles resident permit applications from submission
// to the officer's decision.
package applications

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/domain"
)

// Repository is the storage the service needs.
type Repository interface {
	Insert(ctx context.Context, a *domain.Application) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Application, error)
	Resident(ctx context.Context, id uuid.UUID) (*domain.Resident, error)
	Zone(ctx context.Context, code string) (*domain.Zone, error)
	AddNote(ctx context.Context, n Note) (bool, error)
	Notes(ctx context.Context, applicationID uuid.UUID) ([]Note, error)
}

// SMSSender sends a text message.
type SMSSender interface {
	SendSMS(ctx context.Context, to, body string) error
}

// DecisionSignaler hands an officer's decision to the running review
// workflow.
type DecisionSignaler interface {
	SignalDecision(ctx context.Context, applicationID uuid.UUID, d Decision) error
}

// Note is an officer's note on an application.
type Note struct {
	ID            uuid.UUID `db:"id" json:"id"`
	ApplicationID uuid.UUID `db:"application_id" json:"application_id"`
	Author        string    `db:"author" json:"author"`
	Body          string    `db:"body" json:"body"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

// Decision is what an officer decides about an application.
type Decision struct {
	Approve bool   `json:"approve"`
	Officer string `json:"officer"`
	Reason  string `json:"reason"`
}

// SubmitInput is a resident's application.
type SubmitInput struct {
	ResidentID uuid.UUID `json:"resident_id"`
	ZoneCode   string    `json:"zone_code"`
	Plate      string    `json:"plate"`
	PlateState string    `json:"plate_state"`
}

// Service implements the application use cases.
type Service struct {
	repo     Repository
	sms      SMSSender
	signaler DecisionSignaler
	log      *slog.Logger
	now      func() time.Time
}

// NewService wires a Service.
func NewService(repo Repository, sms SMSSender, signaler DecisionSignaler, log *slog.Logger) *Service {
	return &Service{repo: repo, sms: sms, signaler: signaler, log: log, now: time.Now}
}

// Submit stores a new application under id. The fee is fixed at submission
// from the zone's current rate.
func (s *Service) Submit(ctx context.Context, id uuid.UUID, in SubmitInput) (*domain.Application, error) {
	in.Plate = strings.ToUpper(strings.ReplaceAll(in.Plate, " ", ""))
	if in.Plate == "" || len(in.Plate) > 10 || len(in.PlateState) != 2 {
		return nil, fmt.Errorf("%w: plate", domain.ErrInvalid)
	}
	if _, err := s.repo.Resident(ctx, in.ResidentID); err != nil {
		return nil, err
	}
	zone, err := s.repo.Zone(ctx, in.ZoneCode)
	if err != nil {
		return nil, err
	}
	app := &domain.Application{
		ID:          id,
		ResidentID:  in.ResidentID,
		ZoneCode:    zone.Code,
		Plate:       in.Plate,
		PlateState:  strings.ToUpper(in.PlateState),
		Status:      domain.StatusAwaitingPayment,
		FeeCents:    zone.AnnualFeeCents,
		SubmittedAt: s.now().UTC(),
	}
	if err := s.repo.Insert(ctx, app); err != nil {
		return nil, err
	}
	return app, nil
}

// Get returns an application.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*domain.Application, error) {
	return s.repo.Get(ctx, id)
}

// Decide passes an officer's decision to the review workflow, which records
// it and issues the permit. The resident gets a text straight away because
// the printed permit takes a week to arrive.
func (s *Service) Decide(ctx context.Context, id uuid.UUID, d Decision) error {
	if d.Officer == "" {
		return fmt.Errorf("%w: officer", domain.ErrInvalid)
	}
	app, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if app.Status != domain.StatusInReview {
		return domain.ErrWrongStatus
	}
	res, err := s.repo.Resident(ctx, app.ResidentID)
	if err != nil {
		return err
	}
	if res.Phone != "" {
		if err := s.sms.SendSMS(ctx, res.Phone, decisionText(app, d)); err != nil {
			return fmt.Errorf("decision sms: %w", err)
		}
	}
	if err := s.signaler.SignalDecision(ctx, app.ID, d); err != nil {
		return fmt.Errorf("signal review: %w", err)
	}
	return nil
}

func decisionText(app *domain.Application, d Decision) string {
	if d.Approve {
		return fmt.Sprintf("City of Curbline: your zone %s parking permit for %s is approved. Your hang-tag will arrive by mail.",
			app.ZoneCode, app.Plate)
	}
	return fmt.Sprintf("City of Curbline: your zone %s parking permit application for %s was not approved. Check your email for details.",
		app.ZoneCode, app.Plate)
}

// AddNote stores an officer note; repeating a note ID is a no-op.
func (s *Service) AddNote(ctx context.Context, n Note) (*Note, error) {
	if strings.TrimSpace(n.Body) == "" || n.ID == uuid.Nil {
		return nil, domain.ErrInvalid
	}
	if _, err := s.repo.Get(ctx, n.ApplicationID); err != nil {
		return nil, err
	}
	n.CreatedAt = s.now().UTC()
	if _, err := s.repo.AddNote(ctx, n); err != nil {
		return nil, err
	}
	return &n, nil
}

// Notes lists notes on an application.
func (s *Service) Notes(ctx context.Context, id uuid.UUID) ([]Note, error) {
	return s.repo.Notes(ctx, id)
}
