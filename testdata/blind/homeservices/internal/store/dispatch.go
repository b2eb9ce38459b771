package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type offerRepo struct{ x sqlx.ExtContext }

const offerColumns = `id, job_id, technician_id, reply_code, status, sms_message_id, created_at, updated_at`

func (r *offerRepo) InsertIgnore(ctx context.Context, o *domain.DispatchOffer) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO dispatch_offers (id, job_id, technician_id, reply_code, status, created_at, updated_at)
		VALUES (:id, :job_id, :technician_id, :reply_code, :status, :created_at, :updated_at)
		ON CONFLICT ON CONSTRAINT dispatch_offers_job_technician_key DO NOTHING`, o)
	return n > 0, err
}

func (r *offerRepo) Get(ctx context.Context, id string) (*domain.DispatchOffer, error) {
	return getOne[domain.DispatchOffer](ctx, r.x, `SELECT `+offerColumns+` FROM dispatch_offers WHERE id = $1`, id)
}

func (r *offerRepo) ByJob(ctx context.Context, jobID string) ([]domain.DispatchOffer, error) {
	return getMany[domain.DispatchOffer](ctx, r.x, `
		SELECT `+offerColumns+` FROM dispatch_offers WHERE job_id = $1 ORDER BY created_at`, jobID)
}

func (r *offerRepo) ByReplyCode(ctx context.Context, technicianID, code string) (*domain.DispatchOffer, error) {
	return getOne[domain.DispatchOffer](ctx, r.x, `
		SELECT `+offerColumns+` FROM dispatch_offers
		WHERE technician_id = $1 AND reply_code = $2
		ORDER BY created_at DESC LIMIT 1`, technicianID, code)
}

func (r *offerRepo) SetSMSMessage(ctx context.Context, id, messageID string) error {
	_, err := exec(ctx, r.x, `
		UPDATE dispatch_offers SET sms_message_id = $2, updated_at = now() WHERE id = $1`, id, messageID)
	return err
}

func (r *offerRepo) SetStatus(ctx context.Context, id, status string) error {
	return expectRow("offer " + id)(exec(ctx, r.x, `
		UPDATE dispatch_offers SET status = $2, updated_at = now() WHERE id = $1`, id, status))
}

func (r *offerRepo) ExpireOthers(ctx context.Context, jobID, keepID string) error {
	_, err := exec(ctx, r.x, `
		UPDATE dispatch_offers SET status = 'expired', updated_at = now()
		WHERE job_id = $1 AND id <> $2 AND status = 'offered'`, jobID, keepID)
	return err
}

type assignmentRepo struct{ x sqlx.ExtContext }

func (r *assignmentRepo) InsertIgnore(ctx context.Context, a *domain.Assignment) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO assignments (job_id, technician_id, offer_id, assigned_at)
		VALUES (:job_id, :technician_id, :offer_id, :assigned_at)
		ON CONFLICT (job_id) DO NOTHING`, a)
	return n > 0, err
}

func (r *assignmentRepo) Get(ctx context.Context, jobID string) (*domain.Assignment, error) {
	return getOne[domain.Assignment](ctx, r.x, `
		SELECT job_id, technician_id, offer_id, assigned_at FROM assignments WHERE job_id = $1`, jobID)
}

type escalationRepo struct{ x sqlx.ExtContext }

func (r *escalationRepo) InsertIgnore(ctx context.Context, e *domain.Escalation) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO dispatch_escalations (id, job_id, technician_id, call_sid, created_at)
		VALUES (:id, :job_id, :technician_id, :call_sid, :created_at)
		ON CONFLICT ON CONSTRAINT dispatch_escalations_job_technician_key DO NOTHING`, e)
	return n > 0, err
}

func (r *escalationRepo) Exists(ctx context.Context, jobID, technicianID string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, r.x, &ok, `
		SELECT EXISTS (SELECT 1 FROM dispatch_escalations WHERE job_id = $1 AND technician_id = $2)`,
		jobID, technicianID)
	return ok, err
}

func (r *escalationRepo) TechniciansFor(ctx context.Context, jobID string) ([]string, error) {
	return getMany[string](ctx, r.x, `
		SELECT technician_id FROM dispatch_escalations WHERE job_id = $1
		UNION
		SELECT technician_id FROM dispatch_offers WHERE job_id = $1 AND status = 'declined'`, jobID)
}

type locationRepo struct{ x sqlx.ExtContext }

// Upsert stores the ping if it is newer than the one on file.
func (r *locationRepo) Upsert(ctx context.Context, l *domain.TechnicianLocation) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO technician_locations (technician_id, lat, lng, heading, recorded_at)
		VALUES (:technician_id, :lat, :lng, :heading, :recorded_at)
		ON CONFLICT (technician_id) DO UPDATE
		SET lat = excluded.lat, lng = excluded.lng, heading = excluded.heading, recorded_at = excluded.recorded_at
		WHERE technician_locations.recorded_at < excluded.recorded_at`, l)
	return n > 0, err
}

type etaNoticeRepo struct{ x sqlx.ExtContext }

func (r *etaNoticeRepo) Claim(ctx context.Context, n *domain.ETANotice) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO eta_notices (job_id, technician_id, eta_minutes, status, created_at)
		VALUES (:job_id, :technician_id, :eta_minutes, 'pending', :created_at)
		ON CONFLICT (job_id) DO NOTHING`, n)
	return err
}

func (r *etaNoticeRepo) Get(ctx context.Context, jobID string) (*domain.ETANotice, error) {
	return getOne[domain.ETANotice](ctx, r.x, `
		SELECT job_id, technician_id, eta_minutes, status, sms_message_id, created_at
		FROM eta_notices WHERE job_id = $1`, jobID)
}

func (r *etaNoticeRepo) MarkSent(ctx context.Context, jobID, messageID string) error {
	_, err := exec(ctx, r.x, `
		UPDATE eta_notices SET status = 'sent', sms_message_id = $2 WHERE job_id = $1`, jobID, messageID)
	return err
}
