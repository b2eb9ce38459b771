package recording

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/apperr"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/recorder"
)

type Repository interface {
	Create(ctx context.Context, r domain.Recording) (domain.Recording, error)
	Get(ctx context.Context, id string) (domain.Recording, error)
	LogAttempt(ctx context.Context, a domain.SubmissionAttempt) error
	SetSubmission(ctx context.Context, id, submissionID string, feeDueCents int64) error
	RecordFeePayment(ctx context.Context, id, receiptID string, cents int64) error
	Complete(ctx context.Context, id string, c Completion) (bool, error)
}

type Completion struct {
	InstrumentNumber string
	Book             string
	Page             string
	RecordedAt       time.Time
}

type pgRepo struct {
	db *sqlx.DB
}

func NewRepository(db *sqlx.DB) Repository {
	return &pgRepo{db: db}
}

// Create inserts the recording for a document, or returns the one that
// already exists; a document is recorded at most once.
func (r *pgRepo) Create(ctx context.Context, rec domain.Recording) (domain.Recording, error) {
	ext := dbx.Ext(ctx, r.db)
	_, err := ext.ExecContext(ctx, `
		INSERT INTO recordings (id, document_id, county_fips, workflow_id, status)
		VALUES ($1, $2, $3, $4, 'requested')
		ON CONFLICT (document_id) DO NOTHING`,
		rec.ID, rec.DocumentID, rec.CountyFIPS, rec.WorkflowID)
	if err != nil {
		return domain.Recording{}, err
	}
	var out domain.Recording
	err = sqlx.GetContext(ctx, ext, &out, `SELECT * FROM recordings WHERE document_id = $1`, rec.DocumentID)
	return out, err
}

func (r *pgRepo) Get(ctx context.Context, id string) (domain.Recording, error) {
	var out domain.Recording
	err := sqlx.GetContext(ctx, dbx.Ext(ctx, r.db), &out, `SELECT * FROM recordings WHERE id = $1`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return out, apperr.NotFound("recording %s not found", id)
	}
	return out, err
}

// LogAttempt appends a row per submission attempt; support uses it to
// reconstruct what was sent to the county and when.
func (r *pgRepo) LogAttempt(ctx context.Context, a domain.SubmissionAttempt) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		INSERT INTO recorder_submission_attempts (id, recording_id, attempt, worker_id, started_at)
		VALUES ($1, $2, $3, $4, $5)`, a.ID, a.RecordingID, a.Attempt, a.WorkerID, a.StartedAt)
	return err
}

func (r *pgRepo) SetSubmission(ctx context.Context, id, submissionID string, feeDueCents int64) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE recordings SET submission_id = $2, fee_due_cents = $3, status = 'submitted', updated_at = now()
		WHERE id = $1`, id, submissionID, feeDueCents)
	return err
}

func (r *pgRepo) RecordFeePayment(ctx context.Context, id, receiptID string, cents int64) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE recordings SET fee_receipt_id = $2, fee_cents = $3, status = 'fee_paid', updated_at = now()
		WHERE id = $1`, id, receiptID, cents)
	return err
}

func (r *pgRepo) Complete(ctx context.Context, id string, c Completion) (bool, error) {
	n, err := dbx.RowsAffected(dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE recordings
		SET status = 'recorded', instrument_number = $2, book = $3, page = $4,
		    recorded_at = $5, updated_at = now()
		WHERE id = $1 AND status <> 'recorded'`,
		id, c.InstrumentNumber, c.Book, c.Page, c.RecordedAt))
	return n == 1, err
}

// PartiesRepo lists grantors and grantees for the county's index.
type PartiesRepo struct {
	db *sqlx.DB
}

func NewPartiesRepo(db *sqlx.DB) *PartiesRepo {
	return &PartiesRepo{db: db}
}

func (p *PartiesRepo) PartiesFor(ctx context.Context, documentID string) ([]recorder.Party, error) {
	var out []recorder.Party
	err := sqlx.SelectContext(ctx, dbx.Ext(ctx, p.db), &out, `
		SELECT name, role FROM document_parties WHERE document_id = $1 ORDER BY role, position`, documentID)
	return out, err
}
