package pg

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// StatementRepo implements store.Statements.
type StatementRepo struct{ base }

// NewStatementRepo returns a StatementRepo.
func NewStatementRepo(db txm.DBTX) *StatementRepo { return &StatementRepo{base{db}} }

var _ store.Statements = (*StatementRepo)(nil)

const statementCols = `id, artist_id, period, currency, gross_cents, recouped_cents, net_cents,
	status, email_status, emailed_at, created_at`

func scanStatement(row pgx.Row) (domain.Statement, error) {
	var s domain.Statement
	var period string
	err := row.Scan(&s.ID, &s.ArtistID, &period, &s.Currency, &s.GrossCents, &s.RecoupedCents,
		&s.NetCents, &s.Status, &s.EmailStatus, &s.EmailedAt, &s.CreatedAt)
	s.Period = domain.Period(period)
	return s, err
}

// Insert implements store.Statements.
func (r *StatementRepo) Insert(ctx context.Context, s domain.Statement) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO statements (id, artist_id, period, currency, gross_cents, recouped_cents, net_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (artist_id, period) DO NOTHING`,
		s.ID, s.ArtistID, string(s.Period), s.Currency, s.GrossCents, s.RecoupedCents, s.NetCents, domain.StatementOpen)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// InsertLines implements store.Statements.
func (r *StatementRepo) InsertLines(ctx context.Context, lines []domain.StatementLine) error {
	if len(lines) == 0 {
		return nil
	}
	rows := make([][]any, 0, len(lines))
	for _, l := range lines {
		rows = append(rows, []any{l.StatementID, l.ISRC, l.Plays, l.AmountCents})
	}
	tx, ok := txm.TxFrom(ctx)
	if !ok {
		b := &pgx.Batch{}
		for _, row := range rows {
			b.Queue(`INSERT INTO statement_lines (statement_id, isrc, plays, amount_cents) VALUES ($1, $2, $3, $4)`, row...)
		}
		return r.db.SendBatch(ctx, b).Close()
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"statement_lines"},
		[]string{"statement_id", "isrc", "plays", "amount_cents"}, pgx.CopyFromRows(rows))
	return err
}

// Get implements store.Statements.
func (r *StatementRepo) Get(ctx context.Context, id string) (domain.Statement, error) {
	s, err := scanStatement(r.conn(ctx).QueryRow(ctx, `SELECT `+statementCols+` FROM statements WHERE id = $1`, id))
	if err != nil {
		return s, notFound(err, "statement", id)
	}
	rows, err := r.conn(ctx).Query(ctx, `
		SELECT statement_id, isrc, plays, amount_cents FROM statement_lines
		WHERE statement_id = $1 ORDER BY isrc`, id)
	if err != nil {
		return s, err
	}
	defer rows.Close()
	for rows.Next() {
		var l domain.StatementLine
		if err := rows.Scan(&l.StatementID, &l.ISRC, &l.Plays, &l.AmountCents); err != nil {
			return s, err
		}
		s.Lines = append(s.Lines, l)
	}
	return s, rows.Err()
}

// GetByArtistPeriod implements store.Statements.
func (r *StatementRepo) GetByArtistPeriod(ctx context.Context, artistID string, period domain.Period) (domain.Statement, error) {
	s, err := scanStatement(r.conn(ctx).QueryRow(ctx,
		`SELECT `+statementCols+` FROM statements WHERE artist_id = $1 AND period = $2`, artistID, string(period)))
	return s, notFound(err, "statement", artistID+"/"+string(period))
}

// Transition implements store.Statements.
func (r *StatementRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		UPDATE statements SET status = $3, updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, from, to)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkEmailed implements store.Statements.
func (r *StatementRepo) MarkEmailed(ctx context.Context, id string, at time.Time) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE statements SET email_status = 'sent', emailed_at = $2, updated_at = now()
		WHERE id = $1`, id, at)
	return err
}

// LogEmail implements store.Statements.
func (r *StatementRepo) LogEmail(ctx context.Context, e store.EmailLogEntry) error {
	_, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO email_log (id, statement_id, template, recipient, provider_message_id, sent_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, nullable(e.StatementID), e.Template, e.Recipient, e.ProviderMessageID, e.SentAt)
	return err
}
