package store

import (
	"context"
	"time"

	"github.com/gridwell/utilities/internal/domain"
)

type reminderRepo struct{ q Querier }

// Claim records the reminder for (bill, channel, stage) if none exists yet and
// returns the stored row either way.
func (r *reminderRepo) Claim(ctx context.Context, rem domain.Reminder) (*domain.Reminder, bool, error) {
	res, err := r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO reminders (id, account_id, bill_id, channel, stage, letter_ref, status, created_at)
		VALUES (:id, :account_id, :bill_id, :channel, :stage, :letter_ref, :status, :created_at)`, rem)
	if err != nil {
		return nil, false, err
	}
	n, _ := res.RowsAffected()
	var stored domain.Reminder
	if err := r.q.GetContext(ctx, &stored, `
		SELECT id, account_id, bill_id, channel, stage, letter_ref, provider_ref, status, created_at
		FROM reminders WHERE bill_id = ? AND channel = ? AND stage = ?`, rem.BillID, rem.Channel, rem.Stage); err != nil {
		return nil, false, notFound(err)
	}
	return &stored, n == 1, nil
}

func (r *reminderRepo) MarkSent(ctx context.Context, id, providerRef string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE reminders SET status = 'sent', provider_ref = ?, sent_at = ? WHERE id = ?`,
		providerRef, time.Now().UTC(), id)
	return err
}

type notificationRepo struct{ q Querier }

func (r *notificationRepo) Insert(ctx context.Context, n domain.Notification) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO notifications (id, account_id, bill_id, kind, channel, provider_message_id, sent_at)
		VALUES (:id, :account_id, :bill_id, :kind, :channel, :provider_message_id, :sent_at)`, n)
	return err
}

func (r *notificationRepo) Exists(ctx context.Context, billID, kind string) (bool, error) {
	var c int
	err := r.q.GetContext(ctx, &c, `SELECT COUNT(*) FROM notifications WHERE bill_id = ? AND kind = ?`, billID, kind)
	return c > 0, err
}

type contractRepo struct{ q Querier }

func (r *contractRepo) Insert(ctx context.Context, c domain.SupplyContract) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO supply_contracts (id, account_id, premise_id, utility, start_date, tariff, created_at)
		VALUES (:id, :account_id, :premise_id, :utility, :start_date, :tariff, :created_at)`, c)
	return err
}

func (r *contractRepo) ActiveForPremise(ctx context.Context, premiseID string, utility domain.Utility) (*domain.SupplyContract, error) {
	var c domain.SupplyContract
	if err := r.q.GetContext(ctx, &c, `
		SELECT id, account_id, premise_id, utility, start_date, tariff, created_at
		FROM supply_contracts WHERE premise_id = ? AND utility = ? AND end_date IS NULL
		ORDER BY start_date DESC LIMIT 1`, premiseID, utility); err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

type estimateAuditRepo struct{ q Querier }

func (r *estimateAuditRepo) InsertIfAbsent(ctx context.Context, auditID, workflowID, meterID, summary string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT IGNORE INTO estimate_audit (audit_id, workflow_id, meter_id, summary, created_at)
		VALUES (?, ?, ?, ?, ?)`, auditID, workflowID, meterID, summary, time.Now().UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
