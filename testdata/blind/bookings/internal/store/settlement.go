package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
)

// Querier is the read-only slice of *sql.DB the reporting query needs.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// SettlementRepository combines a read-only reporting query (run through
// database/sql, outside gorm) with batch writes through gorm.
type SettlementRepository struct {
	base
	report Querier
}

// NewSettlementRepository builds a SettlementRepository.
func NewSettlementRepository(db *gorm.DB, report Querier) *SettlementRepository {
	return &SettlementRepository{base: base{db: db}, report: report}
}

// LinesFor returns each confirmed booking of operatorCode whose trip ran on
// businessDate, with what was refunded so far.
func (r *SettlementRepository) LinesFor(ctx context.Context, operatorCode string, businessDate time.Time) ([]domain.SettlementLine, error) {
	rows, err := r.report.QueryContext(ctx, `
		SELECT b.id, b.total_cents, b.refunded_cents
		  FROM bookings b
		  JOIN trips t ON t.id = b.trip_id
		 WHERE t.operator_code = $1
		   AND t.service_date = $2
		   AND b.status IN ('confirmed', 'ticketed', 'cancelled')
		 ORDER BY b.id`, operatorCode, businessDate.Format("2006-01-02"))
	if err != nil {
		return nil, fmt.Errorf("settlement lines: %w", err)
	}
	defer rows.Close()

	var out []domain.SettlementLine
	for rows.Next() {
		var l domain.SettlementLine
		if err := rows.Scan(&l.BookingID, &l.GrossCents, &l.RefundCents); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// InsertLines writes the lines of a batch.
func (r *SettlementRepository) InsertLines(ctx context.Context, batchID string, lines []domain.SettlementLine) error {
	for _, l := range lines {
		err := r.conn(ctx).Exec(`
			INSERT INTO settlement_lines (batch_id, booking_id, gross_cents, refund_cents)
			VALUES (?, ?, ?, ?)`, batchID, l.BookingID, l.GrossCents, l.RefundCents).Error
		if err != nil {
			return fmt.Errorf("insert settlement line: %w", err)
		}
	}
	return nil
}

// InsertAckIfAbsent records a partner's acknowledgement once.
func (r *SettlementRepository) InsertAckIfAbsent(ctx context.Context, ack domain.SettlementAck) (bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO settlement_acks (batch_id, operator_code, ack_ref, disputed)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (batch_id, operator_code) DO NOTHING`,
		ack.BatchID, ack.OperatorCode, ack.AckRef, ack.Disputed)
	return res.RowsAffected == 1, res.Error
}
