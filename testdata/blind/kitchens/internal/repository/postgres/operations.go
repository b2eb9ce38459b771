package postgres

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hearthkit/commissary/internal/domain"
)

type inspectionRepo struct{ q sqlx.ExtContext }

func (r inspectionRepo) Insert(ctx context.Context, d *domain.InspectionDocument) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO inspection_documents (id, kitchen_id, kind, s3_key, file_name, content_type,
			size_bytes, sha256, issued_on, expires_on, uploaded_by, uploaded_at)
		VALUES (:id, :kitchen_id, :kind, :s3_key, :file_name, :content_type,
			:size_bytes, :sha256, :issued_on, :expires_on, :uploaded_by, :uploaded_at)`, d)
	return mapErr(err)
}

type cleaningRepo struct{ q sqlx.ExtContext }

const cleaningColumns = `id, kitchen_id, booking_id, partner_job_id, kind, status, scheduled_for, created_at, updated_at`

func (r cleaningRepo) TurnoverForBooking(ctx context.Context, bookingID string) (*domain.CleaningJob, error) {
	var j domain.CleaningJob
	err := sqlx.GetContext(ctx, r.q, &j, `
		SELECT `+cleaningColumns+` FROM cleaning_jobs
		WHERE booking_id = $1 AND kind = 'turnover' AND status <> 'cancelled'`, bookingID)
	if err != nil {
		return nil, mapErr(err)
	}
	return &j, nil
}

func (r cleaningRepo) Insert(ctx context.Context, j *domain.CleaningJob) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO cleaning_jobs (id, kitchen_id, booking_id, partner_job_id, kind, status, scheduled_for)
		VALUES (:id, :kitchen_id, :booking_id, :partner_job_id, :kind, :status, :scheduled_for)`, j)
	return mapErr(err)
}

type usageRepo struct{ q sqlx.ExtContext }

func (r usageRepo) InsertRecord(ctx context.Context, rec *domain.UsageRecord) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO usage_records (id, booking_id, meter_id, kind, quantity, unit, recorded_at, received_at)
		VALUES (:id, :booking_id, :meter_id, :kind, :quantity, :unit, :recorded_at, :received_at)`, rec)
	return mapErr(err)
}

func (r usageRepo) TotalsForBooking(ctx context.Context, bookingID string) ([]domain.UsageTotal, error) {
	var out []domain.UsageTotal
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT kind, unit, SUM(quantity)::float8 AS quantity
		FROM usage_records WHERE booking_id = $1
		GROUP BY kind, unit ORDER BY kind`, bookingID)
	return out, mapErr(err)
}

func (r usageRepo) InsertInvoice(ctx context.Context, inv *domain.UsageInvoice) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO usage_invoices (id, booking_id, amount_cents, currency, status)
		VALUES (:id, :booking_id, :amount_cents, :currency, :status)`, inv)
	return mapErr(err)
}

func (r usageRepo) MarkInvoiceCharged(ctx context.Context, id, providerChargeID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE usage_invoices SET status = 'charged', provider_charge_id = $2
		WHERE id = $1`, id, providerChargeID)
	return mapErr(err)
}
