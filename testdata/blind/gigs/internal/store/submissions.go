package store

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// Submissions persists freelancer work submissions and client reviews.
type Submissions struct{}

const submissionCols = `id, milestone_id, submission_ref, revision, note, file_urls, status, created_at`

func scanSubmission(row pgx.Row) (Submission, error) {
	var s Submission
	var files []byte
	err := row.Scan(&s.ID, &s.MilestoneID, &s.SubmissionRef, &s.Revision, &s.Note, &files, &s.Status, &s.CreatedAt)
	if err != nil {
		return s, err
	}
	if len(files) > 0 {
		if err := json.Unmarshal(files, &s.FileURLs); err != nil {
			return s, err
		}
	}
	return s, nil
}

// Insert stores a new submission revision.
func (Submissions) Insert(ctx context.Context, q Querier, s Submission) error {
	files, err := json.Marshal(s.FileURLs)
	if err != nil {
		return wrap("submissions.insert", err)
	}
	_, err = q.Exec(ctx, `
		INSERT INTO submissions (id, milestone_id, submission_ref, revision, note, file_urls, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		s.ID, s.MilestoneID, s.SubmissionRef, s.Revision, s.Note, files, s.Status)
	return wrap("submissions.insert", err)
}

// NextRevision returns the revision number the next submission should take.
func (Submissions) NextRevision(ctx context.Context, q Querier, milestoneID string) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COALESCE(MAX(revision), 0) + 1 FROM submissions WHERE milestone_id = $1`, milestoneID).Scan(&n)
	return n, wrap("submissions.next_revision", err)
}

func (Submissions) Get(ctx context.Context, q Querier, id string) (Submission, error) {
	s, err := scanSubmission(q.QueryRow(ctx, `SELECT `+submissionCols+` FROM submissions WHERE id = $1`, id))
	return s, one("submissions.get", err)
}

// Latest returns the highest revision for a milestone.
func (Submissions) Latest(ctx context.Context, q Querier, milestoneID string) (Submission, error) {
	s, err := scanSubmission(q.QueryRow(ctx, `
		SELECT `+submissionCols+` FROM submissions
		WHERE milestone_id = $1 ORDER BY revision DESC LIMIT 1`, milestoneID))
	return s, one("submissions.latest", err)
}

// Transition moves a submission from one status to another and reports
// whether it changed.
func (Submissions) Transition(ctx context.Context, q Querier, id, from, to string) (bool, error) {
	tag, err := q.Exec(ctx, `UPDATE submissions SET status = $3 WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, wrap("submissions.transition", err)
	}
	return tag.RowsAffected() == 1, nil
}

// SupersedePending marks earlier pending revisions as superseded when a new
// revision arrives.
func (Submissions) SupersedePending(ctx context.Context, q Querier, milestoneID string, beforeRevision int) error {
	_, err := q.Exec(ctx, `
		UPDATE submissions SET status = 'superseded'
		WHERE milestone_id = $1 AND revision < $2 AND status = 'pending'`, milestoneID, beforeRevision)
	return wrap("submissions.supersede_pending", err)
}

// InsertReview records the client's review of a submission once.
func (Submissions) InsertReview(ctx context.Context, q Querier, r SubmissionReview) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO submission_reviews (submission_id, decision, note, reviewer_id)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (submission_id) DO NOTHING`, r.SubmissionID, r.Decision, r.Note, r.ReviewerID)
	if err != nil {
		return false, wrap("submissions.insert_review", err)
	}
	return tag.RowsAffected() == 1, nil
}
