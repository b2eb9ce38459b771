package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

const visaCols = `id, enrolment_id, student_id, letter_type, status,
	coalesce(document_request_id, ''), coalesce(rejection_reason, ''), created_at`

func scanVisa(row pgx.Row) (VisaLetter, error) {
	var v VisaLetter
	err := row.Scan(&v.ID, &v.EnrolmentID, &v.StudentID, &v.LetterType, &v.Status,
		&v.DocumentRequestID, &v.RejectionReason, &v.CreatedAt)
	return v, notFound(err)
}

// InsertVisaLetter creates the letter request for (enrolment, type) or
// returns the one that already exists.
func (r *Repo) InsertVisaLetter(ctx context.Context, v VisaLetter) (VisaLetter, error) {
	return scanVisa(r.db.QueryRow(ctx, `
		INSERT INTO visa_letters (id, enrolment_id, student_id, letter_type)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (enrolment_id, letter_type) DO UPDATE SET updated_at = visa_letters.updated_at
		RETURNING `+visaCols, v.ID, v.EnrolmentID, v.StudentID, v.LetterType))
}

func (r *Repo) GetVisaLetter(ctx context.Context, id string) (VisaLetter, error) {
	return scanVisa(r.db.QueryRow(ctx, `SELECT `+visaCols+` FROM visa_letters WHERE id = $1`, id))
}

func (r *Repo) GetVisaLetterByRequest(ctx context.Context, requestID string) (VisaLetter, error) {
	return scanVisa(r.db.QueryRow(ctx,
		`SELECT `+visaCols+` FROM visa_letters WHERE document_request_id = $1`, requestID))
}

func (r *Repo) SetVisaLetterSubmitted(ctx context.Context, id, requestID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE visa_letters SET status = 'submitted', document_request_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, requestID)
	return err
}

func (r *Repo) SetVisaLetterStatus(ctx context.Context, id, status, reason string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE visa_letters SET status = $2, rejection_reason = nullif($3, ''), updated_at = now()
		WHERE id = $1`, id, status, reason)
	return err
}

func (r *Repo) InsertVisaDocument(ctx context.Context, d VisaDocument) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO visa_documents (document_id, letter_id, download_url, sha256, pages)
		VALUES ($1, $2, $3, $4, $5)`, d.DocumentID, d.LetterID, d.DownloadURL, d.SHA256, d.Pages)
	return err
}
