package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type FineRepository interface {
	// InsertIfAbsent stores a fine keyed by (device_id, citation_number). When
	// the device has already uploaded that citation the stored fine is
	// returned with created=false.
	InsertIfAbsent(ctx context.Context, f *domain.Fine) (*domain.Fine, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Fine, error)
	GetForUpdate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) (*domain.Fine, error)
	MarkPaid(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, at time.Time) error
	// TransitionStatus moves a fine from one of the from states to the to
	// state, reporting whether a row changed.
	TransitionStatus(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, to domain.FineStatus, from ...domain.FineStatus) (bool, error)
	AddLateFee(ctx context.Context, id uuid.UUID, feeCents int64) (*domain.Fine, error)
	ListDueForReminder(ctx context.Context, issuedBefore, remindedBefore time.Time, limit int) ([]domain.Fine, error)
	ListDueForEscalation(ctx context.Context, issuedBefore time.Time, maxLevel, limit int) ([]domain.Fine, error)
	MarkReminded(ctx context.Context, id uuid.UUID, at time.Time) error
	AppendEvent(ctx context.Context, tx *sqlx.Tx, ev domain.FineEvent) error
}

type fineRepo struct{ db *sqlx.DB }

func NewFineRepository(db *sqlx.DB) FineRepository { return &fineRepo{db: db} }

const fineCols = `id, device_id, citation_number, officer_id, plate, zone_id, account_id, reason,
	amount_cents, currency, status, escalation_level, reminder_count, last_reminded_at,
	issued_at, paid_at, created_at`

func (r *fineRepo) InsertIfAbsent(ctx context.Context, f *domain.Fine) (*domain.Fine, bool, error) {
	rows, err := r.db.NamedQueryContext(ctx, `
		INSERT INTO fines (id, device_id, citation_number, officer_id, plate, zone_id, account_id,
			reason, amount_cents, currency, status, issued_at, created_at)
		VALUES (:id, :device_id, :citation_number, :officer_id, :plate, :zone_id, :account_id,
			:reason, :amount_cents, :currency, :status, :issued_at, :created_at)
		ON CONFLICT (device_id, citation_number) DO NOTHING
		RETURNING id`, f)
	if err != nil {
		return nil, false, err
	}
	inserted := rows.Next()
	_ = rows.Close()
	if inserted {
		return f, true, nil
	}
	var existing domain.Fine
	err = r.db.GetContext(ctx, &existing, `SELECT `+fineCols+`
		FROM fines WHERE device_id = $1 AND citation_number = $2`, f.DeviceID, f.CitationNumber)
	if err != nil {
		return nil, false, err
	}
	return &existing, false, nil
}

func (r *fineRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Fine, error) {
	var f domain.Fine
	if err := r.db.GetContext(ctx, &f, `SELECT `+fineCols+` FROM fines WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}

func (r *fineRepo) GetForUpdate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) (*domain.Fine, error) {
	var f domain.Fine
	if err := tx.GetContext(ctx, &f, `SELECT `+fineCols+` FROM fines WHERE id = $1 FOR UPDATE`, id); err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}

func (r *fineRepo) MarkPaid(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, at time.Time) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE fines SET status = 'paid', paid_at = $2 WHERE id = $1 AND status <> 'paid'`, id, at)
	return err
}

func (r *fineRepo) TransitionStatus(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, to domain.FineStatus, from ...domain.FineStatus) (bool, error) {
	froms := make([]string, len(from))
	for i, s := range from {
		froms[i] = string(s)
	}
	query, args, err := sqlx.In(`UPDATE fines SET status = ? WHERE id = ? AND status IN (?)`, string(to), id, froms)
	if err != nil {
		return false, err
	}
	res, err := q(r.db, tx).ExecContext(ctx, r.db.Rebind(query), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (r *fineRepo) AddLateFee(ctx context.Context, id uuid.UUID, feeCents int64) (*domain.Fine, error) {
	var f domain.Fine
	err := r.db.GetContext(ctx, &f, `
		UPDATE fines
		SET amount_cents = amount_cents + $2,
		    escalation_level = escalation_level + 1,
		    status = 'escalated'
		WHERE id = $1 AND status IN ('issued', 'escalated')
		RETURNING `+fineCols, id, feeCents)
	if err != nil {
		return nil, notFound(err)
	}
	return &f, nil
}

func (r *fineRepo) ListDueForReminder(ctx context.Context, issuedBefore, remindedBefore time.Time, limit int) ([]domain.Fine, error) {
	var fs []domain.Fine
	err := r.db.SelectContext(ctx, &fs, `SELECT `+fineCols+`
		FROM fines
		WHERE status IN ('issued', 'escalated')
		  AND account_id IS NOT NULL
		  AND issued_at < $1
		  AND (last_reminded_at IS NULL OR last_reminded_at < $2)
		  AND reminder_count < 3
		ORDER BY issued_at
		LIMIT $3`, issuedBefore, remindedBefore, limit)
	return fs, err
}

func (r *fineRepo) ListDueForEscalation(ctx context.Context, issuedBefore time.Time, maxLevel, limit int) ([]domain.Fine, error) {
	var fs []domain.Fine
	err := r.db.SelectContext(ctx, &fs, `SELECT `+fineCols+`
		FROM fines
		WHERE status IN ('issued', 'escalated') AND issued_at < $1 AND escalation_level < $2
		ORDER BY issued_at LIMIT $3`, issuedBefore, maxLevel, limit)
	return fs, err
}

func (r *fineRepo) MarkReminded(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE fines SET reminder_count = reminder_count + 1, last_reminded_at = $2 WHERE id = $1`, id, at)
	return err
}

func (r *fineRepo) AppendEvent(ctx context.Context, tx *sqlx.Tx, ev domain.FineEvent) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO fine_events (id, fine_id, kind, detail, created_at)
		VALUES (:id, :fine_id, :kind, :detail, :created_at)`, ev)
	return err
}

// EnforcementRepository holds the records officers create from handhelds.
type EnforcementRepository interface {
	InsertPhoto(ctx context.Context, p *domain.EvidencePhoto) error
	InsertTow(ctx context.Context, t *domain.TowRequest) error
	InsertDispute(ctx context.Context, tx *sqlx.Tx, d *domain.FineDispute) error
}

type enforcementRepo struct{ db *sqlx.DB }

func NewEnforcementRepository(db *sqlx.DB) EnforcementRepository { return &enforcementRepo{db: db} }

func (r *enforcementRepo) InsertPhoto(ctx context.Context, p *domain.EvidencePhoto) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO evidence_photos (id, fine_id, storage_key, taken_at, sha256, size_bytes, created_at)
		VALUES (:id, :fine_id, :storage_key, :taken_at, :sha256, :size_bytes, :created_at)`, p)
	return err
}

func (r *enforcementRepo) InsertTow(ctx context.Context, t *domain.TowRequest) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO tow_requests (id, fine_id, officer_id, plate, location, partner_booking_id, eta_minutes, created_at)
		VALUES (:id, :fine_id, :officer_id, :plate, :location, :partner_booking_id, :eta_minutes, :created_at)`, t)
	return err
}

func (r *enforcementRepo) InsertDispute(ctx context.Context, tx *sqlx.Tx, d *domain.FineDispute) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO fine_disputes (id, fine_id, account_id, reason, details, status, created_at)
		VALUES (:id, :fine_id, :account_id, :reason, :details, :status, :created_at)`, d)
	return err
}

type FinePaymentRepository interface {
	// ClaimLive returns the live (pending or succeeded) payment for the fine,
	// inserting p when there is none.
	ClaimLive(ctx context.Context, tx *sqlx.Tx, p *domain.FinePayment) (*domain.FinePayment, error)
	MarkSucceeded(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
}

type finePaymentRepo struct{ db *sqlx.DB }

func NewFinePaymentRepository(db *sqlx.DB) FinePaymentRepository { return &finePaymentRepo{db: db} }

const finePaymentCols = `id, fine_id, account_id, amount_cents, status, payment_intent_id, created_at, completed_at`

func (r *finePaymentRepo) ClaimLive(ctx context.Context, tx *sqlx.Tx, p *domain.FinePayment) (*domain.FinePayment, error) {
	res, err := sqlx.NamedExecContext(ctx, tx, `
		INSERT INTO fine_payments (id, fine_id, account_id, amount_cents, status, created_at)
		VALUES (:id, :fine_id, :account_id, :amount_cents, 'pending', :created_at)
		ON CONFLICT (fine_id) WHERE status IN ('pending', 'succeeded') DO NOTHING`, p)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		p.Status = "pending"
		return p, nil
	}
	var live domain.FinePayment
	err = tx.GetContext(ctx, &live, `SELECT `+finePaymentCols+`
		FROM fine_payments WHERE fine_id = $1 AND status IN ('pending', 'succeeded')`, p.FineID)
	if err != nil {
		return nil, err
	}
	return &live, nil
}

func (r *finePaymentRepo) MarkSucceeded(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE fine_payments SET status = 'succeeded', payment_intent_id = $2, completed_at = now()
		WHERE id = $1`, id, paymentIntentID)
	return err
}

func (r *finePaymentRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE fine_payments SET status = 'failed', completed_at = now() WHERE id = $1 AND status = 'pending'`, id)
	return err
}
