package service

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/shared/ids"
	"github.com/civicworks/permits/internal/store"
)

// Applications is the resident-facing application workflow.
type Applications interface {
	Create(ctx context.Context, residentID uuid.UUID, in CreateApplicationInput) (*permits.Application, error)
	Get(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error)
	Amend(ctx context.Context, residentID uuid.UUID, id string, in AmendInput) (*AmendResult, error)
	Withdraw(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error)
	AddComment(ctx context.Context, author Author, id string, body string) (*permits.Comment, error)
}

// CreateApplicationInput is the body of POST /v1/applications.
type CreateApplicationInput struct {
	Kind              permits.Kind    `json:"kind"`
	Title             string          `json:"title"`
	ParcelID          string          `json:"parcel_id"`
	ContractorLicense string          `json:"contractor_license"`
	Details           json.RawMessage `json:"details"`
}

func (in *CreateApplicationInput) validate() error {
	in.Title = strings.TrimSpace(in.Title)
	if !in.Kind.Valid() {
		return validation("unknown permit kind %q", in.Kind)
	}
	if in.Title == "" || len(in.Title) > 200 {
		return validation("title must be 1-200 characters")
	}
	if in.Kind == permits.KindBuilding && in.ParcelID == "" {
		return validation("building permits need a parcel_id")
	}
	if len(in.Details) > 0 && !json.Valid(in.Details) {
		return validation("details must be a JSON object")
	}
	return nil
}

// AmendInput is the body of POST /v1/applications/{id}/amendments.
type AmendInput struct {
	Revision int             `json:"revision"`
	Changes  json.RawMessage `json:"changes"`
}

// AmendResult reports the stored amendment and whether this call created it.
type AmendResult struct {
	Amendment *permits.Amendment
	Created   bool
}

// Author identifies who writes a comment.
type Author struct {
	ID   uuid.UUID
	Role string
}

type applicationService struct {
	pool       *pgxpool.Pool
	apps       store.ApplicationRepo
	comments   store.CommentRepo
	amendments store.AmendmentRepo
	payments   store.PaymentRepo
	jobs       queue.Enqueuer
	log        *slog.Logger
}

// NewApplications builds the Applications service.
func NewApplications(
	pool *pgxpool.Pool,
	apps store.ApplicationRepo,
	comments store.CommentRepo,
	amendments store.AmendmentRepo,
	payments store.PaymentRepo,
	jobs queue.Enqueuer,
	log *slog.Logger,
) Applications {
	return &applicationService{
		pool:       pool,
		apps:       apps,
		comments:   comments,
		amendments: amendments,
		payments:   payments,
		jobs:       jobs,
		log:        log.With("service", "applications"),
	}
}

func (s *applicationService) Create(ctx context.Context, residentID uuid.UUID, in CreateApplicationInput) (*permits.Application, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	app := &permits.Application{
		ID:                ids.NewApplicationID(),
		ResidentID:        residentID,
		Kind:              in.Kind,
		Status:            permits.StatusDraft,
		Title:             in.Title,
		ParcelID:          in.ParcelID,
		ContractorLicense: in.ContractorLicense,
		Details:           in.Details,
	}
	if err := s.apps.Insert(ctx, s.pool, app); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "application created", "application_id", app.ID, "kind", app.Kind)
	return app, nil
}

func (s *applicationService) Get(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error) {
	app, err := s.apps.Get(ctx, s.pool, id)
	if err != nil {
		return nil, notFound("application", err)
	}
	if err := ownedBy(app, residentID); err != nil {
		return nil, err
	}
	return app, nil
}

func (s *applicationService) Amend(ctx context.Context, residentID uuid.UUID, id string, in AmendInput) (*AmendResult, error) {
	if len(in.Changes) == 0 || !json.Valid(in.Changes) {
		return nil, validation("changes must be a JSON object")
	}
	return dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*AmendResult, error) {
		app, err := s.apps.GetForUpdate(ctx, tx, id)
		if err != nil {
			return nil, notFound("application", err)
		}
		if err := ownedBy(app, residentID); err != nil {
			return nil, err
		}
		if app.Kind != permits.KindEvent {
			return nil, validation("only event permits take amendments")
		}
		if in.Revision <= app.Revision {
			prior, err := s.amendments.GetByRevision(ctx, tx, id, in.Revision)
			if err != nil {
				return nil, permits.ErrConflict
			}
			return &AmendResult{Amendment: prior}, nil
		}
		if in.Revision != app.Revision+1 {
			return nil, permits.ErrConflict
		}
		if !app.Status.Open() {
			return nil, permits.ErrInvalidState
		}

		a := &permits.Amendment{
			ID:            ids.NewAmendmentID(),
			ApplicationID: id,
			Revision:      in.Revision,
			Changes:       in.Changes,
			RequestedBy:   residentID,
		}
		created, err := s.amendments.InsertIfAbsent(ctx, tx, a)
		if err != nil {
			return nil, err
		}
		if !created {
			prior, err := s.amendments.GetByRevision(ctx, tx, id, in.Revision)
			if err != nil {
				return nil, err
			}
			return &AmendResult{Amendment: prior}, nil
		}
		if err := s.apps.ApplyAmendment(ctx, tx, id, in.Changes, in.Revision); err != nil {
			return nil, err
		}
		return &AmendResult{Amendment: a, Created: true}, nil
	})
}

func (s *applicationService) Withdraw(ctx context.Context, residentID uuid.UUID, id string) (*permits.Application, error) {
	return dbx.WithTx(ctx, s.pool, func(tx pgx.Tx) (*permits.Application, error) {
		app, err := s.apps.GetForUpdate(ctx, tx, id)
		if err != nil {
			return nil, notFound("application", err)
		}
		if err := ownedBy(app, residentID); err != nil {
			return nil, err
		}
		if app.Status == permits.StatusWithdrawn {
			return app, nil
		}
		if !app.Status.Open() {
			return nil, permits.ErrInvalidState
		}
		if _, err := s.apps.Transition(ctx, tx, id, []permits.Status{app.Status}, permits.StatusWithdrawn); err != nil {
			return nil, err
		}
		app.Status = permits.StatusWithdrawn

		payment, err := s.payments.GetByApplication(ctx, tx, id)
		switch {
		case err == dbx.ErrNotFound:
			return app, nil
		case err != nil:
			return nil, err
		}
		if payment.Status == "paid" {
			if _, err := s.jobs.EnqueueTx(ctx, tx, jobargs.RefundApplicationFee{ApplicationID: id}, nil); err != nil {
				return nil, err
			}
		}
		return app, nil
	})
}

func (s *applicationService) AddComment(ctx context.Context, author Author, id string, body string) (*permits.Comment, error) {
	body = strings.TrimSpace(body)
	if body == "" || len(body) > 4000 {
		return nil, validation("comment must be 1-4000 characters")
	}
	app, err := s.apps.Get(ctx, s.pool, id)
	if err != nil {
		return nil, notFound("application", err)
	}
	if author.Role == "resident" {
		if err := ownedBy(app, author.ID); err != nil {
			return nil, err
		}
	}
	c := &permits.Comment{
		ID:            uuid.New(),
		ApplicationID: id,
		AuthorID:      author.ID,
		AuthorRole:    author.Role,
		Body:          body,
	}
	if err := s.comments.Insert(ctx, s.pool, c); err != nil {
		return nil, err
	}
	return c, nil
}
