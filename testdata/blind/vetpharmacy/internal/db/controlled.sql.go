package db

import (
	"context"
	"time"
)

const insertControlledEntry = `
INSERT INTO controlled_register (id, product_id, order_id, prescription_id, quantity, pharmacist, witness)
VALUES ($1, $2, $3, $4, $5, $6, $7)
`

type InsertControlledEntryParams struct {
	ID             string
	ProductID      string
	OrderID        string
	PrescriptionID string
	Quantity       int32
	Pharmacist     string
	Witness        *string
}

func (q *Queries) InsertControlledEntry(ctx context.Context, arg InsertControlledEntryParams) error {
	_, err := q.db.Exec(ctx, insertControlledEntry, arg.ID, arg.ProductID, arg.OrderID, arg.PrescriptionID, arg.Quantity, arg.Pharmacist, arg.Witness)
	return err
}

const controlledColumns = `id, product_id, order_id, prescription_id, quantity, pharmacist, witness, recorded_at, reported_at, regulator_receipt`

func scanControlled(row interface{ Scan(...any) error }) (ControlledEntry, error) {
	var e ControlledEntry
	err := row.Scan(&e.ID, &e.ProductID, &e.OrderID, &e.PrescriptionID, &e.Quantity, &e.Pharmacist, &e.Witness,
		&e.RecordedAt, &e.ReportedAt, &e.RegulatorReceipt)
	return e, err
}

const listControlledForOrder = `SELECT ` + controlledColumns + ` FROM controlled_register WHERE order_id = $1 ORDER BY recorded_at`

func (q *Queries) ListControlledForOrder(ctx context.Context, orderID string) ([]ControlledEntry, error) {
	rows, err := q.db.Query(ctx, listControlledForOrder, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []ControlledEntry
	for rows.Next() {
		e, err := scanControlled(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	return items, rows.Err()
}

const listControlledForDay = `
SELECT ` + controlledColumns + ` FROM controlled_register
WHERE recorded_at >= $1 AND recorded_at < $1 + interval '1 day'
ORDER BY recorded_at
`

func (q *Queries) ListControlledForDay(ctx context.Context, day time.Time) ([]ControlledEntry, error) {
	rows, err := q.db.Query(ctx, listControlledForDay, day)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []ControlledEntry
	for rows.Next() {
		e, err := scanControlled(rows)
		if err != nil {
			return nil, err
		}
		items = append(items, e)
	}
	return items, rows.Err()
}

const markControlledReported = `
UPDATE controlled_register SET reported_at = now(), regulator_receipt = $2
WHERE order_id = $1 AND reported_at IS NULL
`

func (q *Queries) MarkControlledReported(ctx context.Context, orderID, receipt string) error {
	_, err := q.db.Exec(ctx, markControlledReported, orderID, receipt)
	return err
}

const claimDailyReturn = `
INSERT INTO regulator_daily_returns (return_date, status, submission_ref)
VALUES ($1, 'submitting', $2)
ON CONFLICT (return_date) DO NOTHING
`

func (q *Queries) ClaimDailyReturn(ctx context.Context, day time.Time, submissionRef string) (bool, error) {
	tag, err := q.db.Exec(ctx, claimDailyReturn, day, submissionRef)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const getDailyReturnStatus = `SELECT status, submission_ref FROM regulator_daily_returns WHERE return_date = $1`

func (q *Queries) GetDailyReturnStatus(ctx context.Context, day time.Time) (status, submissionRef string, err error) {
	err = q.db.QueryRow(ctx, getDailyReturnStatus, day).Scan(&status, &submissionRef)
	return status, submissionRef, err
}

const completeDailyReturn = `
UPDATE regulator_daily_returns SET status = 'submitted', receipt = $2, entry_count = $3, submitted_at = now()
WHERE return_date = $1
`

func (q *Queries) CompleteDailyReturn(ctx context.Context, day time.Time, receipt string, count int32) error {
	_, err := q.db.Exec(ctx, completeDailyReturn, day, receipt, count)
	return err
}

const insertStockCountSheet = `
INSERT INTO stock_count_sheets (id, product_id, period, expected_qty) VALUES ($1, $2, $3, $4)
`

func (q *Queries) InsertStockCountSheet(ctx context.Context, id, productID, period string, expected int32) error {
	_, err := q.db.Exec(ctx, insertStockCountSheet, id, productID, period, expected)
	return err
}
