package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Disputes persists disputes and their evidence.
type Disputes struct{}

const disputeCols = `id, milestone_id, opened_by, reason, status, disputed_minor, currency, client_share_bps,
	COALESCE(resolution_note, ''), COALESCE(resolved_by, ''), resolved_at, settled_at, created_at`

func scanDispute(row pgx.Row) (Dispute, error) {
	var d Dispute
	err := row.Scan(&d.ID, &d.MilestoneID, &d.OpenedBy, &d.Reason, &d.Status, &d.DisputedMinor, &d.Currency,
		&d.ClientShareBps, &d.ResolutionNote, &d.ResolvedBy, &d.ResolvedAt, &d.SettledAt, &d.CreatedAt)
	return d, err
}

// OpenOrGet opens a dispute unless the milestone already has a live one, in
// which case the live dispute is returned. created reports which happened.
func (Disputes) OpenOrGet(ctx context.Context, q Querier, d Dispute) (Dispute, bool, error) {
	got, err := scanDispute(q.QueryRow(ctx, `
		INSERT INTO disputes (id, milestone_id, opened_by, reason, status, disputed_minor, currency)
		VALUES ($1, $2, $3, $4, 'open', $5, $6)
		ON CONFLICT (milestone_id) WHERE status IN ('open', 'resolved') DO NOTHING
		RETURNING `+disputeCols,
		d.ID, d.MilestoneID, d.OpenedBy, d.Reason, d.DisputedMinor, d.Currency))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return Dispute{}, false, wrap("disputes.open", err)
	}
	got, err = scanDispute(q.QueryRow(ctx, `
		SELECT `+disputeCols+` FROM disputes
		WHERE milestone_id = $1 AND status IN ('open', 'resolved')`, d.MilestoneID))
	return got, false, one("disputes.get_live", err)
}

func (Disputes) Get(ctx context.Context, q Querier, id string) (Dispute, error) {
	d, err := scanDispute(q.QueryRow(ctx, `SELECT `+disputeCols+` FROM disputes WHERE id = $1`, id))
	return d, one("disputes.get", err)
}

func (Disputes) GetForUpdate(ctx context.Context, q Querier, id string) (Dispute, error) {
	d, err := scanDispute(q.QueryRow(ctx, `SELECT `+disputeCols+` FROM disputes WHERE id = $1 FOR UPDATE`, id))
	return d, one("disputes.get_for_update", err)
}

// Resolve records an admin decision. A resolution may be amended until the
// split has been applied.
func (Disputes) Resolve(ctx context.Context, q Querier, id string, clientShareBps int, note, resolvedBy string) error {
	_, err := q.Exec(ctx, `
		UPDATE disputes
		SET status = 'resolved', client_share_bps = $2, resolution_note = $3, resolved_by = $4,
		    resolved_at = now(), updated_at = now()
		WHERE id = $1`, id, clientShareBps, note, resolvedBy)
	return wrap("disputes.resolve", err)
}

// MarkSettled records that the split has been applied to escrow.
func (Disputes) MarkSettled(ctx context.Context, q Querier, id string) error {
	_, err := q.Exec(ctx, `UPDATE disputes SET status = 'settled', settled_at = now(), updated_at = now() WHERE id = $1`, id)
	return wrap("disputes.mark_settled", err)
}

// InsertEvidence stores a piece of evidence under its client-supplied id.
func (Disputes) InsertEvidence(ctx context.Context, q Querier, e Evidence) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO dispute_evidence (id, dispute_id, submitted_by, url, note)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`, e.ID, e.DisputeID, e.SubmittedBy, e.URL, e.Note)
	if err != nil {
		return false, wrap("disputes.insert_evidence", err)
	}
	return tag.RowsAffected() == 1, nil
}

// CountEvidence returns how many evidence items a dispute has.
func (Disputes) CountEvidence(ctx context.Context, q Querier, disputeID string) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT count(*) FROM dispute_evidence WHERE dispute_id = $1`, disputeID).Scan(&n)
	return n, wrap("disputes.count_evidence", err)
}
