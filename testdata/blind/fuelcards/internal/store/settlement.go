package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

const fileColumns = `id, merchant_id, business_date, object_key, status, line_count, total_cents`

func scanFile(row pgx.Row) (domain.SettlementFile, error) {
	var f domain.SettlementFile
	err := row.Scan(&f.ID, &f.MerchantID, &f.BusinessDate, &f.ObjectKey, &f.Status, &f.LineCount, &f.TotalCents)
	return f, err
}

// SettlementFile loads a file.
func (q *Queries) SettlementFile(ctx context.Context, id uuid.UUID) (domain.SettlementFile, error) {
	f, err := scanFile(q.db.QueryRow(ctx, `SELECT `+fileColumns+` FROM settlement_files WHERE id = $1`, id))
	return f, notFound(err, "settlement file")
}

// EnsureSettlementFile registers a merchant's file for a business date and
// returns the registered row, whether new or existing.
func (q *Queries) EnsureSettlementFile(ctx context.Context, f domain.SettlementFile) (domain.SettlementFile, error) {
	_, err := q.db.Exec(ctx, `
		INSERT INTO settlement_files (id, merchant_id, business_date, object_key)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (merchant_id, business_date) DO NOTHING`,
		f.ID, f.MerchantID, f.BusinessDate, f.ObjectKey)
	if err != nil {
		return domain.SettlementFile{}, err
	}
	return scanFile(q.db.QueryRow(ctx, `
		SELECT `+fileColumns+` FROM settlement_files
		WHERE merchant_id = $1 AND business_date = $2`, f.MerchantID, f.BusinessDate))
}

// InsertSettlementLine stores one line, resolving the card and fleet from the
// authorization it clears.
func (q *Queries) InsertSettlementLine(ctx context.Context, l domain.SettlementLine) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO settlement_lines (id, file_id, line_no, network_auth_id, card_id, fleet_id,
		                              product_code, gallons_milli, amount_cents, transacted_at)
		SELECT $1, $2, $3, $4, a.card_id, c.fleet_id, $5, $6, $7, $8
		FROM (SELECT 1) AS one
		LEFT JOIN authorizations a ON a.network_auth_id = $4
		LEFT JOIN cards c ON c.id = a.card_id`,
		l.ID, l.FileID, l.LineNo, l.NetworkAuthID, l.ProductCode, l.GallonsMilli, l.AmountCents, l.TransactedAt)
	return err
}

// MarkFileIngested records the line count and total for a pending file.
func (q *Queries) MarkFileIngested(ctx context.Context, id uuid.UUID, lines int, total int64) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE settlement_files
		   SET status = 'ingested', line_count = $2, total_cents = $3, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, lines, total)
	return tag.RowsAffected() == 1, err
}

// AdvanceFile moves a file from one status to the next.
func (q *Queries) AdvanceFile(ctx context.Context, id uuid.UUID, from, to domain.SettlementFileStatus) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE settlement_files SET status = $3, updated_at = now()
		 WHERE id = $1 AND status = $2`, id, from, to)
	return tag.RowsAffected() == 1, err
}

// UnmatchedLines returns lines not yet matched to their authorization.
func (q *Queries) UnmatchedLines(ctx context.Context, fileID uuid.UUID, limit int) ([]domain.SettlementLine, error) {
	rows, err := q.db.Query(ctx, `
		SELECT id, file_id, line_no, network_auth_id, card_id, fleet_id, product_code,
		       gallons_milli, amount_cents, transacted_at
		FROM settlement_lines
		WHERE file_id = $1 AND matched_at IS NULL
		ORDER BY line_no
		LIMIT $2`, fileID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.SettlementLine
	for rows.Next() {
		var l domain.SettlementLine
		if err := rows.Scan(&l.ID, &l.FileID, &l.LineNo, &l.NetworkAuthID, &l.CardID, &l.FleetID,
			&l.ProductCode, &l.GallonsMilli, &l.AmountCents, &l.TransactedAt); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// SettleAuthorization marks an authorization settled and returns the amount
// that was held for it. It reports false when it was already settled.
func (q *Queries) SettleAuthorization(ctx context.Context, networkAuthID string, settled int64) (int64, bool, error) {
	var held int64
	err := q.db.QueryRow(ctx, `
		UPDATE authorizations SET settled_at = now(), settled_cents = $2
		 WHERE network_auth_id = $1 AND settled_at IS NULL
		RETURNING amount_cents`, networkAuthID, settled).Scan(&held)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return held, err == nil, err
}

// MarkLineMatched stamps a line as matched.
func (q *Queries) MarkLineMatched(ctx context.Context, lineID string) error {
	_, err := q.db.Exec(ctx, `
		UPDATE settlement_lines SET matched_at = now() WHERE id = $1 AND matched_at IS NULL`, lineID)
	return err
}

// FleetTotals sums a file's lines per fleet.
func (q *Queries) FleetTotals(ctx context.Context, fileID uuid.UUID) ([]domain.FleetTotal, error) {
	rows, err := q.db.Query(ctx, `
		SELECT fleet_id, sum(amount_cents)
		FROM settlement_lines
		WHERE file_id = $1 AND fleet_id IS NOT NULL
		GROUP BY fleet_id
		ORDER BY fleet_id`, fileID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (domain.FleetTotal, error) {
		var t domain.FleetTotal
		err := r.Scan(&t.FleetID, &t.AmountCents)
		return t, err
	})
}

// InsertLedgerEntry appends a ledger entry.
func (q *Queries) InsertLedgerEntry(ctx context.Context, e domain.LedgerEntry) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO ledger_entries (account, file_id, direction, amount_cents, memo)
		VALUES ($1, $2, $3, $4, $5)`, e.Account, e.FileID, e.Direction, e.AmountCents, e.Memo)
	return err
}

// MerchantByID loads a merchant.
func (q *Queries) MerchantByID(ctx context.Context, id string) (domain.Merchant, error) {
	var m domain.Merchant
	err := q.db.QueryRow(ctx, `SELECT id, name, bank_account_ref FROM merchants WHERE id = $1`, id).
		Scan(&m.ID, &m.Name, &m.BankAccountRef)
	return m, notFound(err, "merchant")
}

// RemittanceForFile returns the remittance for a file, or nil.
func (q *Queries) RemittanceForFile(ctx context.Context, fileID uuid.UUID) (*domain.Remittance, error) {
	var r domain.Remittance
	err := q.db.QueryRow(ctx, `
		SELECT id, file_id, merchant_id, amount_cents, bank_transfer_id
		FROM merchant_remittances WHERE file_id = $1`, fileID).
		Scan(&r.ID, &r.FileID, &r.MerchantID, &r.AmountCents, &r.BankTransferID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// InsertRemittance records a merchant payment.
func (q *Queries) InsertRemittance(ctx context.Context, r domain.Remittance) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO merchant_remittances (id, file_id, merchant_id, amount_cents, bank_transfer_id)
		VALUES ($1, $2, $3, $4, $5)`, r.ID, r.FileID, r.MerchantID, r.AmountCents, r.BankTransferID)
	return err
}

// FleetGallons sums settled gallons for a fleet in [from, to).
func (q *Queries) FleetGallons(ctx context.Context, fleetID uuid.UUID, from, to time.Time) (int64, error) {
	var milli int64
	err := q.db.QueryRow(ctx, `
		SELECT COALESCE(sum(l.gallons_milli), 0)
		FROM settlement_lines l
		JOIN settlement_files f ON f.id = l.file_id
		WHERE l.fleet_id = $1 AND l.transacted_at >= $2 AND l.transacted_at < $3
		  AND f.status IN ('posted', 'remitted')`, fleetID, from, to).Scan(&milli)
	return milli, err
}
