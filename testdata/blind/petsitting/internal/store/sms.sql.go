package store

import (
	"context"
)

const insertSMSAttempt = `INSERT INTO sms_attempts (id, to_phone, purpose, booking_id, provider_message_id, status, error)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

func (q *Queries) InsertSMSAttempt(ctx context.Context, a SMSAttempt) error {
	_, err := q.db.Exec(ctx, insertSMSAttempt, a.ID, a.ToPhone, a.Purpose, a.BookingID, a.ProviderMessageID, a.Status, a.Error)
	return err
}

const updateSMSAttemptStatus = `UPDATE sms_attempts SET status = $2 WHERE provider_message_id = $1`

func (q *Queries) UpdateSMSAttemptStatus(ctx context.Context, providerMessageID, status string) error {
	_, err := q.db.Exec(ctx, updateSMSAttemptStatus, providerMessageID, status)
	return err
}

const insertSMSReceipt = `INSERT INTO sms_receipts (provider_message_id, status, error_code, reported_at)
VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertSMSReceipt(ctx context.Context, r SMSReceipt) error {
	_, err := q.db.Exec(ctx, insertSMSReceipt, r.ProviderMessageID, r.Status, r.ErrorCode, r.ReportedAt)
	return err
}

const addOptOut = `INSERT INTO sms_opt_outs (phone, keyword) VALUES ($1, $2)
ON CONFLICT (phone) DO NOTHING`

func (q *Queries) AddOptOut(ctx context.Context, phone, keyword string) error {
	_, err := q.db.Exec(ctx, addOptOut, phone, keyword)
	return err
}

const removeOptOut = `DELETE FROM sms_opt_outs WHERE phone = $1`

func (q *Queries) RemoveOptOut(ctx context.Context, phone string) error {
	_, err := q.db.Exec(ctx, removeOptOut, phone)
	return err
}

const isOptedOut = `SELECT EXISTS (SELECT 1 FROM sms_opt_outs WHERE phone = $1)`

func (q *Queries) IsOptedOut(ctx context.Context, phone string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, isOptedOut, phone).Scan(&ok)
	return ok, err
}
