package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
)

// CertificationRepo implements repository.CertificationRepository.
type CertificationRepo struct{ db *sqlx.DB }

func NewCertificationRepo(db *sqlx.DB) *CertificationRepo { return &CertificationRepo{db: db} }

const certColumns = `id, member_id, equipment_class, training_session_id, instructor_id,
	issued_at, expires_at, revoked_at, revoke_reason`

func (r *CertificationRepo) Insert(ctx context.Context, c *domain.Certification) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO certifications (id, member_id, equipment_class, training_session_id, instructor_id, issued_at, expires_at)
		VALUES (:id, :member_id, :equipment_class, :training_session_id, :instructor_id, :issued_at, :expires_at)`, c)
	return err
}

// InsertIfAbsent records c unless the member already holds a certification
// from the same training session; it returns the stored row either way.
func (r *CertificationRepo) InsertIfAbsent(ctx context.Context, c *domain.Certification) (*domain.Certification, bool, error) {
	q := dbx.Conn(ctx, r.db)
	res, err := q.NamedExecContext(ctx, `
		INSERT INTO certifications (id, member_id, equipment_class, training_session_id, instructor_id, issued_at, expires_at)
		VALUES (:id, :member_id, :equipment_class, :training_session_id, :instructor_id, :issued_at, :expires_at)
		ON CONFLICT ON CONSTRAINT certifications_session_key DO NOTHING`, c)
	if err != nil {
		return nil, false, err
	}
	inserted := dbx.RowsAffected(res) == 1
	var out domain.Certification
	if err := q.GetContext(ctx, &out, `SELECT `+certColumns+` FROM certifications
		WHERE member_id = $1 AND equipment_class = $2 AND training_session_id = $3`,
		c.MemberID, c.EquipmentClass, c.TrainingSessionID); err != nil {
		return nil, false, err
	}
	return &out, inserted, nil
}

func (r *CertificationRepo) Get(ctx context.Context, id string) (*domain.Certification, error) {
	var c domain.Certification
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &c, `SELECT `+certColumns+` FROM certifications WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "certification "+id)
	}
	return &c, nil
}

func (r *CertificationRepo) Revoke(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE certifications SET revoked_at = $2, revoke_reason = $3
		 WHERE id = $1 AND revoked_at IS NULL`, id, at, reason)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

func (r *CertificationRepo) HasActive(ctx context.Context, memberID, equipmentClass string, at time.Time) (bool, error) {
	var ok bool
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &ok, `
		SELECT EXISTS (
			SELECT 1 FROM certifications
			 WHERE member_id = $1 AND equipment_class = $2 AND revoked_at IS NULL
			   AND (expires_at IS NULL OR expires_at > $3))`, memberID, equipmentClass, at)
	return ok, err
}

// AccessRepo implements repository.AccessRepository.
type AccessRepo struct{ db *sqlx.DB }

func NewAccessRepo(db *sqlx.DB) *AccessRepo { return &AccessRepo{db: db} }

const changeColumns = `id, member_id, action, zone, source_ref, status, vendor_change_id, last_error, created_at, applied_at`

func (r *AccessRepo) EnsureChange(ctx context.Context, ch *domain.AccessChange) (*domain.AccessChange, error) {
	var out domain.AccessChange
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &out, `
		INSERT INTO access_changes (id, member_id, action, zone, source_ref, status, created_at)
		VALUES ($1, $2, $3, $4, $5, 'pending', $6)
		ON CONFLICT (source_ref) DO UPDATE SET source_ref = access_changes.source_ref
		RETURNING `+changeColumns,
		ch.ID, ch.MemberID, ch.Action, ch.Zone, ch.SourceRef, ch.CreatedAt)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (r *AccessRepo) GetChange(ctx context.Context, id string) (*domain.AccessChange, error) {
	var ch domain.AccessChange
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &ch, `SELECT `+changeColumns+` FROM access_changes WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "access change "+id)
	}
	return &ch, nil
}

func (r *AccessRepo) MarkApplied(ctx context.Context, id, vendorChangeID string, at time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE access_changes
		   SET status = 'applied', vendor_change_id = $2, applied_at = $3, last_error = NULL
		 WHERE id = $1`, id, vendorChangeID, at)
	return err
}

func (r *AccessRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE access_changes SET status = 'failed', last_error = $2
		 WHERE id = $1 AND status <> 'applied'`, id, reason)
	return err
}

func (r *AccessRepo) SetMemberAccess(ctx context.Context, memberID, zone, state string, at time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO member_access (member_id, zone, state, updated_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (member_id, zone) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
		memberID, zone, state, at)
	return err
}

func (r *AccessRepo) AppendSyncAttempt(ctx context.Context, a *domain.SyncAttempt) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO access_sync_attempts (id, change_id, attempt, outcome, detail, created_at)
		VALUES (:id, :change_id, :attempt, :outcome, :detail, :created_at)`, a)
	return err
}

func (r *AccessRepo) UpsertCredential(ctx context.Context, c *domain.DoorCredential) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO door_credentials (vendor_credential_id, member_id, kind, status, vendor_updated_at, synced_at)
		VALUES (:vendor_credential_id, :member_id, :kind, :status, :vendor_updated_at, now())
		ON CONFLICT (vendor_credential_id) DO UPDATE
		   SET member_id = EXCLUDED.member_id, kind = EXCLUDED.kind, status = EXCLUDED.status,
		       vendor_updated_at = EXCLUDED.vendor_updated_at, synced_at = now()
		 WHERE door_credentials.vendor_updated_at <= EXCLUDED.vendor_updated_at`, c)
	return err
}

func (r *AccessRepo) GetWindow(ctx context.Context, bookingID string) (*domain.AccessWindow, error) {
	var w domain.AccessWindow
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &w, `
		SELECT booking_id, member_id, zone, vendor_window_id, opens_at, closes_at
		  FROM access_windows WHERE booking_id = $1`, bookingID)
	if err != nil {
		return nil, notFound(err, "access window "+bookingID)
	}
	return &w, nil
}

func (r *AccessRepo) SaveWindow(ctx context.Context, w *domain.AccessWindow) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO access_windows (booking_id, member_id, zone, vendor_window_id, opens_at, closes_at)
		VALUES (:booking_id, :member_id, :zone, :vendor_window_id, :opens_at, :closes_at)
		ON CONFLICT (booking_id) DO UPDATE SET vendor_window_id = EXCLUDED.vendor_window_id`, w)
	return err
}
