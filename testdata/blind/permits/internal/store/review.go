package store

import (
	"context"
	"fmt"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// CommentRepo persists comments on applications.
type CommentRepo interface {
	Insert(ctx context.Context, q dbx.Querier, c *permits.Comment) error
}

// AmendmentRepo persists event permit amendments.
type AmendmentRepo interface {
	InsertIfAbsent(ctx context.Context, q dbx.Querier, a *permits.Amendment) (bool, error)
	GetByRevision(ctx context.Context, q dbx.Querier, applicationID string, revision int) (*permits.Amendment, error)
}

// DecisionRepo persists staff decisions.
type DecisionRepo interface {
	Upsert(ctx context.Context, q dbx.Querier, d *permits.Decision) error
	Get(ctx context.Context, q dbx.Querier, applicationID string) (*permits.Decision, error)
}

// HoldRepo records holds placed on applications by registry events.
type HoldRepo interface {
	Add(ctx context.Context, q dbx.Querier, applicationID, sourceEventID, reason string, previous permits.Status) (bool, error)
}

type commentRepo struct{}

// NewCommentRepo returns the Postgres CommentRepo.
func NewCommentRepo() CommentRepo { return commentRepo{} }

func (commentRepo) Insert(ctx context.Context, q dbx.Querier, c *permits.Comment) error {
	err := q.QueryRow(ctx, `
		INSERT INTO application_comments (id, application_id, author_id, author_role, body)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING created_at`,
		c.ID, c.ApplicationID, c.AuthorID, c.AuthorRole, c.Body).Scan(&c.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert comment: %w", err)
	}
	return nil
}

type amendmentRepo struct{}

// NewAmendmentRepo returns the Postgres AmendmentRepo.
func NewAmendmentRepo() AmendmentRepo { return amendmentRepo{} }

func (amendmentRepo) InsertIfAbsent(ctx context.Context, q dbx.Querier, a *permits.Amendment) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO event_amendments (id, application_id, revision, changes, requested_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT event_amendments_app_revision_key DO NOTHING`,
		a.ID, a.ApplicationID, a.Revision, a.Changes, a.RequestedBy)
	if err != nil {
		return false, fmt.Errorf("insert amendment: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (amendmentRepo) GetByRevision(ctx context.Context, q dbx.Querier, applicationID string, revision int) (*permits.Amendment, error) {
	var a permits.Amendment
	err := q.QueryRow(ctx, `
		SELECT id, application_id, revision, changes, requested_by, created_at
		  FROM event_amendments WHERE application_id = $1 AND revision = $2`, applicationID, revision).
		Scan(&a.ID, &a.ApplicationID, &a.Revision, &a.Changes, &a.RequestedBy, &a.CreatedAt)
	if err != nil {
		return nil, dbx.NotFound(err)
	}
	return &a, nil
}

type decisionRepo struct{}

// NewDecisionRepo returns the Postgres DecisionRepo.
func NewDecisionRepo() DecisionRepo { return decisionRepo{} }

func (decisionRepo) Upsert(ctx context.Context, q dbx.Querier, d *permits.Decision) error {
	err := q.QueryRow(ctx, `
		INSERT INTO decisions (application_id, decision, reason, decided_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (application_id) DO UPDATE
		   SET decision = EXCLUDED.decision, reason = EXCLUDED.reason,
		       decided_by = EXCLUDED.decided_by, decided_at = now()
		RETURNING decided_at`,
		d.ApplicationID, d.Decision, d.Reason, d.DecidedBy).Scan(&d.DecidedAt)
	if err != nil {
		return fmt.Errorf("upsert decision: %w", err)
	}
	return nil
}

func (decisionRepo) Get(ctx context.Context, q dbx.Querier, applicationID string) (*permits.Decision, error) {
	var d permits.Decision
	err := q.QueryRow(ctx, `
		SELECT application_id, decision, reason, decided_by, decided_at
		  FROM decisions WHERE application_id = $1`, applicationID).
		Scan(&d.ApplicationID, &d.Decision, &d.Reason, &d.DecidedBy, &d.DecidedAt)
	if err != nil {
		return nil, dbx.NotFound(err)
	}
	return &d, nil
}

type holdRepo struct{}

// NewHoldRepo returns the Postgres HoldRepo.
func NewHoldRepo() HoldRepo { return holdRepo{} }

func (holdRepo) Add(ctx context.Context, q dbx.Querier, applicationID, sourceEventID, reason string, previous permits.Status) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO application_holds (application_id, source_event_id, reason, previous_status)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (application_id, source_event_id) DO NOTHING`,
		applicationID, sourceEventID, reason, previous)
	if err != nil {
		return false, fmt.Errorf("add hold: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
