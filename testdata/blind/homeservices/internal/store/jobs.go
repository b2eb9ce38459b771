package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type jobRepo struct{ x sqlx.ExtContext }

const jobColumns = `id, customer_id, trade, title, description, address, lat, lng, urgent,
	preferred_start, status, warranty_policy_ref, accepted_quote_id, assigned_technician_id,
	completed_at, created_at, updated_at`

func (r *jobRepo) Create(ctx context.Context, j *domain.Job) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO jobs (id, customer_id, trade, title, description, address, lat, lng, urgent,
		                  preferred_start, status, warranty_policy_ref, created_at, updated_at)
		VALUES (:id, :customer_id, :trade, :title, :description, :address, :lat, :lng, :urgent,
		        :preferred_start, :status, :warranty_policy_ref, :created_at, :updated_at)`, j)
	return err
}

func (r *jobRepo) Get(ctx context.Context, id string) (*domain.Job, error) {
	return getOne[domain.Job](ctx, r.x, `SELECT `+jobColumns+` FROM jobs WHERE id = $1`, id)
}

func (r *jobRepo) GetForUpdate(ctx context.Context, id string) (*domain.Job, error) {
	return getOne[domain.Job](ctx, r.x, `SELECT `+jobColumns+` FROM jobs WHERE id = $1 FOR UPDATE`, id)
}

func (r *jobRepo) SetStatus(ctx context.Context, id string, from []domain.JobStatus, to domain.JobStatus) (bool, error) {
	states := make([]string, len(from))
	for i, s := range from {
		states[i] = string(s)
	}
	n, err := exec(ctx, r.x, `
		UPDATE jobs SET status = $2, updated_at = now()
		WHERE id = $1 AND status = ANY($3)`, id, string(to), states)
	return n > 0, err
}

func (r *jobRepo) SetAcceptedQuote(ctx context.Context, id, quoteID string) error {
	return expectRow("job " + id)(exec(ctx, r.x, `
		UPDATE jobs SET accepted_quote_id = $2, status = 'booked', updated_at = now()
		WHERE id = $1`, id, quoteID))
}

func (r *jobRepo) Assign(ctx context.Context, id, technicianID string) error {
	return expectRow("job " + id)(exec(ctx, r.x, `
		UPDATE jobs SET assigned_technician_id = $2, status = 'assigned', updated_at = now()
		WHERE id = $1`, id, technicianID))
}

func (r *jobRepo) MarkCompleted(ctx context.Context, id string, at time.Time) (bool, error) {
	n, err := exec(ctx, r.x, `
		UPDATE jobs SET status = 'completed', completed_at = $2, updated_at = now()
		WHERE id = $1 AND status IN ('assigned', 'en_route', 'on_site')`, id, at)
	return n > 0, err
}

type quoteRepo struct{ x sqlx.ExtContext }

const quoteColumns = `id, job_id, technician_id, amount_cents, deposit_cents, currency, note, status, created_at`

func (r *quoteRepo) InsertIgnore(ctx context.Context, q *domain.Quote) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO quotes (id, job_id, technician_id, amount_cents, deposit_cents, currency, note, status, created_at)
		VALUES (:id, :job_id, :technician_id, :amount_cents, :deposit_cents, :currency, :note, :status, :created_at)
		ON CONFLICT ON CONSTRAINT quotes_job_technician_key DO NOTHING`, q)
	return n > 0, err
}

func (r *quoteRepo) Get(ctx context.Context, id string) (*domain.Quote, error) {
	return getOne[domain.Quote](ctx, r.x, `SELECT `+quoteColumns+` FROM quotes WHERE id = $1`, id)
}

func (r *quoteRepo) GetForUpdate(ctx context.Context, id string) (*domain.Quote, error) {
	return getOne[domain.Quote](ctx, r.x, `SELECT `+quoteColumns+` FROM quotes WHERE id = $1 FOR UPDATE`, id)
}

func (r *quoteRepo) ByJobAndTechnician(ctx context.Context, jobID, technicianID string) (*domain.Quote, error) {
	return getOne[domain.Quote](ctx, r.x, `
		SELECT `+quoteColumns+` FROM quotes WHERE job_id = $1 AND technician_id = $2`, jobID, technicianID)
}

func (r *quoteRepo) SetStatus(ctx context.Context, id, status string) error {
	return expectRow("quote " + id)(exec(ctx, r.x, `UPDATE quotes SET status = $2 WHERE id = $1`, id, status))
}

func (r *quoteRepo) DeclineOthers(ctx context.Context, jobID, acceptedID string) error {
	_, err := exec(ctx, r.x, `
		UPDATE quotes SET status = 'declined'
		WHERE job_id = $1 AND id <> $2 AND status = 'pending'`, jobID, acceptedID)
	return err
}

type appointmentRepo struct{ x sqlx.ExtContext }

const appointmentColumns = `job_id, technician_id, starts_at, ends_at, reminder_sent_at, version`

func (r *appointmentRepo) Upsert(ctx context.Context, a *domain.Appointment) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO appointments (job_id, technician_id, starts_at, ends_at)
		VALUES (:job_id, :technician_id, :starts_at, :ends_at)
		ON CONFLICT (job_id) DO UPDATE
		SET technician_id = excluded.technician_id, version = appointments.version + 1`, a)
	return err
}

func (r *appointmentRepo) Get(ctx context.Context, jobID string) (*domain.Appointment, error) {
	return getOne[domain.Appointment](ctx, r.x, `SELECT `+appointmentColumns+` FROM appointments WHERE job_id = $1`, jobID)
}

func (r *appointmentRepo) GetForUpdate(ctx context.Context, jobID string) (*domain.Appointment, error) {
	return getOne[domain.Appointment](ctx, r.x, `
		SELECT `+appointmentColumns+` FROM appointments WHERE job_id = $1 FOR UPDATE`, jobID)
}

func (r *appointmentRepo) Reschedule(ctx context.Context, jobID string, startsAt, endsAt time.Time, version int) error {
	n, err := exec(ctx, r.x, `
		UPDATE appointments
		SET starts_at = $2, ends_at = $3, reminder_sent_at = NULL, version = version + 1
		WHERE job_id = $1 AND version = $4`, jobID, startsAt, endsAt, version)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.Conflictf("appointment %s changed concurrently", jobID)
	}
	return nil
}

func (r *appointmentRepo) RecordChange(ctx context.Context, c *domain.AppointmentChange) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO appointment_changes (id, job_id, old_starts_at, new_starts_at, reason, created_at)
		VALUES (:id, :job_id, :old_starts_at, :new_starts_at, :reason, :created_at)`, c)
	return err
}

func (r *appointmentRepo) DueForReminder(ctx context.Context, from, to time.Time) ([]domain.Appointment, error) {
	return getMany[domain.Appointment](ctx, r.x, `
		SELECT a.job_id, a.technician_id, a.starts_at, a.ends_at, a.reminder_sent_at, a.version
		FROM appointments a JOIN jobs j ON j.id = a.job_id
		WHERE a.reminder_sent_at IS NULL
		  AND a.starts_at BETWEEN $1 AND $2
		  AND j.status IN ('assigned', 'booked')
		ORDER BY a.starts_at
		LIMIT 500`, from, to)
}

func (r *appointmentRepo) MarkReminded(ctx context.Context, jobID string, at time.Time) error {
	_, err := exec(ctx, r.x, `UPDATE appointments SET reminder_sent_at = $2 WHERE job_id = $1`, jobID, at)
	return err
}

type messageRepo struct{ x sqlx.ExtContext }

func (r *messageRepo) Insert(ctx context.Context, m *domain.JobMessage) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO job_messages (id, job_id, sender, body, relay_message_id, created_at)
		VALUES (:id, :job_id, :sender, :body, :relay_message_id, :created_at)`, m)
	return err
}

func (r *messageRepo) ListByJob(ctx context.Context, jobID string) ([]domain.JobMessage, error) {
	return getMany[domain.JobMessage](ctx, r.x, `
		SELECT id, job_id, sender, body, relay_message_id, created_at
		FROM job_messages WHERE job_id = $1 ORDER BY created_at`, jobID)
}

type jobEventRepo struct{ x sqlx.ExtContext }

func (r *jobEventRepo) Insert(ctx context.Context, e *domain.JobStatusEvent) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO job_status_events (event_id, job_id, status, technician_id, occurred_at)
		VALUES (:event_id, :job_id, :status, :technician_id, :occurred_at)`, e)
	return err
}

type reviewRepo struct{ x sqlx.ExtContext }

func (r *reviewRepo) InsertIgnore(ctx context.Context, rv *domain.Review) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO reviews (job_id, rating, comment, created_at)
		VALUES (:job_id, :rating, :comment, :created_at)
		ON CONFLICT (job_id) DO NOTHING`, rv)
	return n > 0, err
}

func (r *reviewRepo) Get(ctx context.Context, jobID string) (*domain.Review, error) {
	return getOne[domain.Review](ctx, r.x, `SELECT job_id, rating, comment, created_at FROM reviews WHERE job_id = $1`, jobID)
}
