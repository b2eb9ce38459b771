package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

func (r *Repo) InsertEnrolment(ctx context.Context, e Enrolment) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO enrolments (id, student_id, course_id, status, plan, total_cents, currency)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.StudentID, e.CourseID, e.Status, e.Plan, e.TotalCents, e.Currency)
	return err
}

const enrolmentCols = `id, student_id, course_id, status, plan, total_cents, currency,
	coalesce(transferred_to, ''), created_at, updated_at`

func scanEnrolment(row pgx.Row) (Enrolment, error) {
	var e Enrolment
	err := row.Scan(&e.ID, &e.StudentID, &e.CourseID, &e.Status, &e.Plan, &e.TotalCents,
		&e.Currency, &e.TransferredTo, &e.CreatedAt, &e.UpdatedAt)
	return e, notFound(err)
}

func (r *Repo) GetEnrolment(ctx context.Context, id string) (Enrolment, error) {
	return scanEnrolment(r.db.QueryRow(ctx, `SELECT `+enrolmentCols+` FROM enrolments WHERE id = $1`, id))
}

func (r *Repo) LockEnrolment(ctx context.Context, id string) (Enrolment, error) {
	return scanEnrolment(r.db.QueryRow(ctx,
		`SELECT `+enrolmentCols+` FROM enrolments WHERE id = $1 FOR UPDATE`, id))
}

func (r *Repo) SetEnrolmentStatus(ctx context.Context, id, status string) error {
	_, err := r.db.Exec(ctx,
		`UPDATE enrolments SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

func (r *Repo) SetEnrolmentTransferredTo(ctx context.Context, id, to string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE enrolments SET status = 'transferred', transferred_to = $2, updated_at = now()
		WHERE id = $1`, id, to)
	return err
}

func (r *Repo) InsertInstalments(ctx context.Context, items []Instalment) error {
	batch := &pgx.Batch{}
	for _, it := range items {
		batch.Queue(`
			INSERT INTO instalments (id, enrolment_id, seq, due_on, amount_cents, currency, status)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			it.ID, it.EnrolmentID, it.Seq, it.DueOn, it.AmountCents, it.Currency, it.Status)
	}
	return r.db.SendBatch(ctx, batch).Close()
}

const instalmentCols = `i.id, i.enrolment_id, i.seq, i.due_on, i.amount_cents, i.currency, i.status,
	i.paid_at, coalesce(i.payment_intent_id, ''), i.last_reminded_at`

func scanInstalment(row pgx.Row, extra ...any) (Instalment, error) {
	var it Instalment
	dest := append([]any{&it.ID, &it.EnrolmentID, &it.Seq, &it.DueOn, &it.AmountCents,
		&it.Currency, &it.Status, &it.PaidAt, &it.PaymentIntentID, &it.LastRemindedAt}, extra...)
	return it, row.Scan(dest...)
}

func (r *Repo) ListInstalments(ctx context.Context, enrolmentID string) ([]Instalment, error) {
	rows, err := r.db.Query(ctx, `SELECT `+instalmentCols+`
		FROM instalments i WHERE i.enrolment_id = $1 ORDER BY i.seq`, enrolmentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Instalment
	for rows.Next() {
		it, err := scanInstalment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

func (r *Repo) CancelOpenInstalments(ctx context.Context, enrolmentID string) (int64, error) {
	var unpaid int64
	err := r.db.QueryRow(ctx, `
		WITH cancelled AS (
			UPDATE instalments SET status = 'cancelled'
			WHERE enrolment_id = $1 AND status IN ('scheduled', 'overdue')
			RETURNING amount_cents
		)
		SELECT coalesce(sum(amount_cents), 0) FROM cancelled`, enrolmentID).Scan(&unpaid)
	return unpaid, err
}

func (r *Repo) GetInstalment(ctx context.Context, id string) (Instalment, error) {
	it, err := scanInstalment(r.db.QueryRow(ctx, `SELECT `+instalmentCols+` FROM instalments i WHERE i.id = $1`, id))
	return it, notFound(err)
}

const dueInstalmentSQL = `SELECT ` + instalmentCols + `,
	s.id, s.full_name, s.email, coalesce(s.phone, ''), coalesce(s.stripe_customer_id, ''),
	coalesce(s.default_payment_method, ''), c.title
FROM instalments i
JOIN enrolments e ON e.id = i.enrolment_id
JOIN students s ON s.id = e.student_id
JOIN courses c ON c.id = e.course_id`

func scanDue(row pgx.Row) (DueInstalment, error) {
	var d DueInstalment
	it, err := scanInstalment(row, &d.StudentID, &d.StudentName, &d.StudentEmail, &d.StudentPhone,
		&d.StripeCustomerID, &d.DefaultPaymentMethod, &d.CourseTitle)
	d.Instalment = it
	return d, err
}

func (r *Repo) GetDueInstalment(ctx context.Context, id string) (DueInstalment, error) {
	d, err := scanDue(r.db.QueryRow(ctx, dueInstalmentSQL+` WHERE i.id = $1`, id))
	return d, notFound(err)
}

func (r *Repo) ListDueInstalments(ctx context.Context, asOf time.Time, limit int) ([]DueInstalment, error) {
	rows, err := r.db.Query(ctx, dueInstalmentSQL+`
		WHERE i.status IN ('scheduled', 'overdue') AND i.due_on <= $1 AND e.status = 'active'
		ORDER BY i.due_on LIMIT $2`, asOf, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DueInstalment
	for rows.Next() {
		d, err := scanDue(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (r *Repo) MarkInstalmentPaid(ctx context.Context, id, paymentIntentID string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE instalments SET status = 'paid', payment_intent_id = $2, paid_at = coalesce(paid_at, $3)
		WHERE id = $1`, id, paymentIntentID, at)
	return err
}

func (r *Repo) MarkInstalmentOverdue(ctx context.Context, id string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE instalments SET status = 'overdue' WHERE id = $1 AND status = 'scheduled'`, id)
	return err
}

func (r *Repo) SetInstalmentReminded(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE instalments SET last_reminded_at = $2 WHERE id = $1`, id, at)
	return err
}

const attemptCols = `id, instalment_id, source, status, amount_cents,
	coalesce(payment_intent_id, ''), coalesce(failure_code, ''), created_at`

func scanAttempt(row pgx.Row) (PaymentAttempt, error) {
	var a PaymentAttempt
	err := row.Scan(&a.ID, &a.InstalmentID, &a.Source, &a.Status, &a.AmountCents,
		&a.PaymentIntentID, &a.FailureCode, &a.CreatedAt)
	return a, notFound(err)
}

// UpsertLivePaymentAttempt inserts a pending attempt, or returns the attempt
// that is already pending or succeeded for the instalment.
func (r *Repo) UpsertLivePaymentAttempt(ctx context.Context, a PaymentAttempt) (PaymentAttempt, error) {
	return scanAttempt(r.db.QueryRow(ctx, `
		INSERT INTO payment_attempts (id, instalment_id, source, status, amount_cents)
		VALUES ($1, $2, $3, 'pending', $4)
		ON CONFLICT (instalment_id) WHERE status IN ('pending', 'succeeded')
		DO UPDATE SET updated_at = now()
		RETURNING `+attemptCols, a.ID, a.InstalmentID, a.Source, a.AmountCents))
}

func (r *Repo) InsertPaymentAttempt(ctx context.Context, a PaymentAttempt) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO payment_attempts (id, instalment_id, source, status, amount_cents)
		VALUES ($1, $2, $3, $4, $5)`, a.ID, a.InstalmentID, a.Source, a.Status, a.AmountCents)
	return err
}

func (r *Repo) SupersedePendingAttempts(ctx context.Context, instalmentID string) (int64, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE payment_attempts SET status = 'superseded', updated_at = now()
		WHERE instalment_id = $1 AND status = 'pending'`, instalmentID)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (r *Repo) MarkAttemptResult(ctx context.Context, id, status, paymentIntentID, failureCode string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payment_attempts
		SET status = $2, payment_intent_id = nullif($3, ''), failure_code = nullif($4, ''), updated_at = now()
		WHERE id = $1`, id, status, paymentIntentID, failureCode)
	return err
}

func (r *Repo) GetAttemptByIntent(ctx context.Context, paymentIntentID string) (PaymentAttempt, error) {
	return scanAttempt(r.db.QueryRow(ctx,
		`SELECT `+attemptCols+` FROM payment_attempts WHERE payment_intent_id = $1`, paymentIntentID))
}
