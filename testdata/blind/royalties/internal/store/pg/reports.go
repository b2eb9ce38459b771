package pg

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// ReportRepo implements store.Reports.
type ReportRepo struct{ base }

// NewReportRepo returns a ReportRepo.
func NewReportRepo(db txm.DBTX) *ReportRepo { return &ReportRepo{base{db}} }

var _ store.Reports = (*ReportRepo)(nil)

const reportCols = `id, distributor_id, external_report_id, period, expected_lines, expected_plays, status, received_at`

func scanReport(row pgx.Row) (domain.PlayReport, error) {
	var r domain.PlayReport
	var period string
	err := row.Scan(&r.ID, &r.DistributorID, &r.ExternalReportID, &period,
		&r.ExpectedLines, &r.ExpectedPlays, &r.Status, &r.ReceivedAt)
	r.Period = domain.Period(period)
	return r, err
}

// CreateReport implements store.Reports.
func (r *ReportRepo) CreateReport(ctx context.Context, rep domain.PlayReport) (domain.PlayReport, bool, error) {
	got, err := scanReport(r.conn(ctx).QueryRow(ctx, `
		INSERT INTO play_reports (id, distributor_id, external_report_id, period, expected_lines, expected_plays, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (distributor_id, external_report_id) DO NOTHING
		RETURNING `+reportCols,
		rep.ID, rep.DistributorID, rep.ExternalReportID, string(rep.Period),
		rep.ExpectedLines, rep.ExpectedPlays, domain.ReportReceiving))
	if err == nil {
		return got, true, nil
	}
	if err != pgx.ErrNoRows {
		return domain.PlayReport{}, false, err
	}
	existing, err := r.GetByExternalID(ctx, rep.DistributorID, rep.ExternalReportID)
	return existing, false, err
}

// Get implements store.Reports.
func (r *ReportRepo) Get(ctx context.Context, id string) (domain.PlayReport, error) {
	rep, err := scanReport(r.conn(ctx).QueryRow(ctx, `SELECT `+reportCols+` FROM play_reports WHERE id = $1`, id))
	return rep, notFound(err, "report", id)
}

// GetByExternalID implements store.Reports.
func (r *ReportRepo) GetByExternalID(ctx context.Context, distributorID, externalID string) (domain.PlayReport, error) {
	rep, err := scanReport(r.conn(ctx).QueryRow(ctx,
		`SELECT `+reportCols+` FROM play_reports WHERE distributor_id = $1 AND external_report_id = $2`,
		distributorID, externalID))
	return rep, notFound(err, "report", distributorID+"/"+externalID)
}

// InsertLines implements store.Reports. Lines are keyed by (report_id,
// line_no); a line that is already stored is left untouched.
func (r *ReportRepo) InsertLines(ctx context.Context, lines []domain.PlayLine) (int64, error) {
	if len(lines) == 0 {
		return 0, nil
	}
	b := &pgx.Batch{}
	for _, l := range lines {
		b.Queue(`
			INSERT INTO play_lines (report_id, line_no, isrc, territory, plays, revenue_micros)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (report_id, line_no) DO NOTHING`,
			l.ReportID, l.LineNo, l.ISRC, l.Territory, l.Plays, l.RevenueMicros)
	}
	br := r.conn(ctx).SendBatch(ctx, b)
	defer br.Close()
	var inserted int64
	for range lines {
		tag, err := br.Exec()
		if err != nil {
			return inserted, err
		}
		inserted += tag.RowsAffected()
	}
	return inserted, br.Close()
}

// AdjustLinePlays implements store.Reports.
func (r *ReportRepo) AdjustLinePlays(ctx context.Context, reportID string, lineNo int, deltaPlays, deltaRevenueMicros int64) error {
	tag, err := r.conn(ctx).Exec(ctx, `
		UPDATE play_lines
		SET plays = plays + $3, revenue_micros = revenue_micros + $4
		WHERE report_id = $1 AND line_no = $2`,
		reportID, lineNo, deltaPlays, deltaRevenueMicros)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.NotFound("play line", reportID)
	}
	return nil
}

// ClaimCorrection implements store.Reports.
func (r *ReportRepo) ClaimCorrection(ctx context.Context, correctionID, reportID string) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO play_corrections_applied (correction_id, report_id)
		VALUES ($1, $2)
		ON CONFLICT (correction_id) DO NOTHING`, correctionID, reportID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Totals implements store.Reports.
func (r *ReportRepo) Totals(ctx context.Context, reportID string) (int, int64, error) {
	var lines int
	var plays int64
	err := r.conn(ctx).QueryRow(ctx, `
		SELECT count(*), coalesce(sum(plays), 0)::bigint FROM play_lines WHERE report_id = $1`,
		reportID).Scan(&lines, &plays)
	return lines, plays, err
}

// SetStatus implements store.Reports.
func (r *ReportRepo) SetStatus(ctx context.Context, id, status string) error {
	_, err := r.conn(ctx).Exec(ctx, `UPDATE play_reports SET status = $2 WHERE id = $1`, id, status)
	return err
}

// InsertReconciliation implements store.Reports.
func (r *ReportRepo) InsertReconciliation(ctx context.Context, rec domain.Reconciliation) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO report_reconciliations
			(report_id, expected_plays, actual_plays, expected_lines, actual_lines, outcome)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		rec.ReportID, rec.ExpectedPlays, rec.ActualPlays, rec.ExpectedLines, rec.ActualLines, rec.Outcome)
	return err
}

// EarningsForArtist implements store.Reports. A track with no split rows
// pays its primary artist in full.
func (r *ReportRepo) EarningsForArtist(ctx context.Context, artistID string, period domain.Period) ([]store.Earning, error) {
	rows, err := r.conn(ctx).Query(ctx, `
		WITH shares AS (
			SELECT t.isrc, t.rate_micros, s.share_bps
			FROM tracks t
			JOIN royalty_splits s ON s.track_isrc = t.isrc
			WHERE s.artist_id = $1
			UNION ALL
			SELECT t.isrc, t.rate_micros, 10000
			FROM tracks t
			WHERE t.primary_artist_id = $1
			  AND NOT EXISTS (SELECT 1 FROM royalty_splits s WHERE s.track_isrc = t.isrc)
		)
		SELECT l.isrc,
		       sum(l.plays)::bigint,
		       (sum(l.plays * sh.rate_micros * sh.share_bps) / 10000 / 10000)::bigint
		FROM play_lines l
		JOIN play_reports p ON p.id = l.report_id
		JOIN shares sh ON sh.isrc = l.isrc
		WHERE p.period = $2 AND p.status IN ('complete', 'reconciled')
		GROUP BY l.isrc
		ORDER BY l.isrc`, artistID, string(period))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Earning
	for rows.Next() {
		var e store.Earning
		if err := rows.Scan(&e.ISRC, &e.Plays, &e.AmountCents); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
