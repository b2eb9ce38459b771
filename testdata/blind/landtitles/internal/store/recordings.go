package store

import (
	"context"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// RecordingRepo persists recording packages and what the county did with
// them.
type RecordingRepo struct {
	tx *txm.Manager
}

// NewRecordingRepo returns a RecordingRepo.
func NewRecordingRepo(tx *txm.Manager) *RecordingRepo { return &RecordingRepo{tx: tx} }

// EnsurePackage creates the closing's package if it has none and returns
// the stored package.
func (r *RecordingRepo) EnsurePackage(ctx context.Context, p *domain.RecordingPackage) (*domain.RecordingPackage, error) {
	q := r.tx.Q(ctx)
	if _, err := q.NamedExecContext(ctx, `
		INSERT IGNORE INTO recording_packages (id, closing_id, county_fips, status, created_at)
		VALUES (:id, :closing_id, :county_fips, :status, :created_at)`, p); err != nil {
		return nil, err
	}
	return getOne[domain.RecordingPackage](ctx, q, "recording package",
		`SELECT * FROM recording_packages WHERE closing_id = ?`, p.ClosingID)
}

// GetPackage loads a package.
func (r *RecordingRepo) GetPackage(ctx context.Context, id string) (*domain.RecordingPackage, error) {
	return getOne[domain.RecordingPackage](ctx, r.tx.Q(ctx), "recording package",
		`SELECT * FROM recording_packages WHERE id = ?`, id)
}

// PackageBySubmission loads a package by the hub's submission id.
func (r *RecordingRepo) PackageBySubmission(ctx context.Context, submissionID string) (*domain.RecordingPackage, error) {
	return getOne[domain.RecordingPackage](ctx, r.tx.Q(ctx), "recording package",
		`SELECT * FROM recording_packages WHERE recorder_submission_id = ?`, submissionID)
}

// MarkSubmitted stores the hub's submission id.
func (r *RecordingRepo) MarkSubmitted(ctx context.Context, id, submissionID string, at time.Time) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE recording_packages SET status = 'submitted', recorder_submission_id = ?, submitted_at = ?
		 WHERE id = ? AND status IN ('pending', 'rejected')`, submissionID, at, id)
	return err
}

// InsertInstrument stores a recorded instrument.
func (r *RecordingRepo) InsertInstrument(ctx context.Context, in *domain.RecordedInstrument) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO recorded_instruments (id, package_id, county_fips, instrument_number, doc_type, book, page, recorded_at)
		VALUES (:id, :package_id, :county_fips, :instrument_number, :doc_type, :book, :page, :recorded_at)`, in)
	return err
}

// MarkRecorded moves a submitted package to recorded.
func (r *RecordingRepo) MarkRecorded(ctx context.Context, id string, at time.Time) (bool, error) {
	return affected(r.tx.Q(ctx).ExecContext(ctx, `
		UPDATE recording_packages SET status = 'recorded', recorded_at = ?
		 WHERE id = ? AND status = 'submitted'`, at, id))
}

// UpsertRejection stores a county rejection.
func (r *RecordingRepo) UpsertRejection(ctx context.Context, packageID, code, reason string, at time.Time) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `
		INSERT INTO recording_rejections (package_id, rejection_code, reason, rejected_at)
		VALUES (?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE reason = VALUES(reason)`, packageID, code, reason, at)
	if err != nil {
		return err
	}
	_, err = r.tx.Q(ctx).ExecContext(ctx,
		`UPDATE recording_packages SET status = 'rejected' WHERE id = ? AND status = 'submitted'`, packageID)
	return err
}
