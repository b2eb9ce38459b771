// Package notes manages clinician visit notes.
package notes

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/store"
)

// Store is the note persistence used here.
type Store interface {
	DB() *sqlx.DB
	SaveDraft(ctx context.Context, n *domain.VisitNote) (*domain.VisitNote, error)
	ByAppointment(ctx context.Context, q db.Querier, apptID uuid.UUID) (*domain.VisitNote, error)
	Sign(ctx context.Context, tx *sqlx.Tx, noteID, signer uuid.UUID) (bool, error)
	AddAddendum(ctx context.Context, a *domain.NoteAddendum) error
}

// Service implements the note use cases.
type Service struct {
	store Store
}

func NewService(s Store) *Service { return &Service{store: s} }

// DraftRequest carries the SOAP sections of a note.
type DraftRequest struct {
	AppointmentID uuid.UUID
	AuthorID      uuid.UUID
	Subjective    string
	Objective     string
	Assessment    string
	Plan          string
}

// SaveDraft replaces the unsigned note for the appointment.
func (s *Service) SaveDraft(ctx context.Context, req DraftRequest) (*domain.VisitNote, error) {
	n, err := s.store.SaveDraft(ctx, &domain.VisitNote{
		ID:            ids.NewUUID(),
		AppointmentID: req.AppointmentID,
		AuthorID:      req.AuthorID,
		Subjective:    req.Subjective,
		Objective:     req.Objective,
		Assessment:    req.Assessment,
		Plan:          req.Plan,
	})
	if err == domain.ErrInvalidState {
		return nil, fmt.Errorf("note is signed: %w", err)
	}
	return n, err
}

// Sign signs the appointment's note and announces it for billing.
func (s *Service) Sign(ctx context.Context, apptID, signer uuid.UUID) (*domain.VisitNote, error) {
	return db.InTxValue(ctx, s.store.DB(), func(tx *sqlx.Tx) (*domain.VisitNote, error) {
		n, err := s.store.ByAppointment(ctx, tx, apptID)
		if err != nil {
			return nil, err
		}
		if n.AuthorID != signer {
			return nil, fmt.Errorf("only the author can sign: %w", domain.ErrInvalidArgument)
		}
		if strings.TrimSpace(n.Assessment) == "" || strings.TrimSpace(n.Plan) == "" {
			return nil, fmt.Errorf("assessment and plan are required: %w", domain.ErrInvalidArgument)
		}
		signed, err := s.store.Sign(ctx, tx, n.ID, signer)
		if err != nil {
			return nil, err
		}
		if !signed {
			if n.SignedBy != nil && *n.SignedBy == signer {
				return n, nil
			}
			return nil, domain.ErrInvalidState
		}
		if err := store.AddOutbox(ctx, tx, n.ID.String(), "note.signed", map[string]any{
			"note_id": n.ID, "appointment_id": apptID, "signed_by": signer,
		}); err != nil {
			return nil, err
		}
		return s.store.ByAppointment(ctx, tx, apptID)
	})
}

// AddendumRequest appends text to a signed note.
type AddendumRequest struct {
	AppointmentID uuid.UUID
	AuthorID      uuid.UUID
	Body          string
}

// AddAddendum appends to a signed note; signed content is never edited.
func (s *Service) AddAddendum(ctx context.Context, req AddendumRequest) (*domain.NoteAddendum, error) {
	if strings.TrimSpace(req.Body) == "" {
		return nil, domain.ErrInvalidArgument
	}
	n, err := s.store.ByAppointment(ctx, s.store.DB(), req.AppointmentID)
	if err != nil {
		return nil, err
	}
	if n.SignedAt == nil {
		return nil, fmt.Errorf("note is not signed; edit the draft instead: %w", domain.ErrInvalidState)
	}
	a := &domain.NoteAddendum{
		ID:       ids.Prefixed("add"),
		NoteID:   n.ID,
		AuthorID: req.AuthorID,
		Body:     req.Body,
	}
	if err := s.store.AddAddendum(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}
